import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { UploadResponse } from '@hearth/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { Queue } from '../jobs/queue';
import { getProject, lockProjectForUpdate, refreshProjectCounters, requireProject } from '../projects/service';
import { photoKeys, type ObjectStorage } from '../storage/storage';
import { resolveRequest, type EnhancementRequest } from '../enhancement/request';
import type { EngineAvailability } from '../templates/service';
import { assertCanUpload, reserveForUpload } from '../usage/service';
import { toPhoto } from './dto';
import { discard, type ReceivedUpload } from './receive';
import { insertPhotos } from './repository';

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
};
export const contentTypeOf = (imageType: string) => CONTENT_TYPES[imageType] ?? 'application/octet-stream';

interface AcceptDeps {
  db: Db;
  storage: ObjectStorage;
  queue: Queue;
  engines: EngineAvailability;
  log: FastifyBaseLogger;
}

/** Checked before any byte of the upload is read: the project is the caller's, and they may upload. */
export async function checkUploadAllowed(db: Db, userId: string, projectId: string, now = new Date()) {
  await requireProject(db, userId, projectId);
  await assertCanUpload(db, userId, now);
}

/**
 * Turns a received batch (after checkUploadAllowed) into photos: checks the request, stores the originals, then reserves the
 * quota and writes the rows in one transaction. Whatever fails, no row, reservation or file is left.
 */
export async function acceptUpload(
  { db, storage, queue, engines, log }: AcceptDeps,
  userId: string,
  projectId: string,
  upload: ReceivedUpload,
  now = new Date(),
): Promise<UploadResponse> {
  const stored: string[] = [];
  try {
    if (!upload.files.length) throw nothingTaken(upload);
    const request = resolveRequest(upload.fields, engines);

    const planned = upload.files.map((file) => ({ file, id: randomUUID() }));
    for (const { file, id } of planned) {
      const key = photoKeys(userId, id).original;
      await storage.put(key, createReadStream(file.tempPath), contentTypeOf(file.type));
      stored.push(key);
    }

    const photos = await db.transaction(async (tx) => {
      // The project first, then the allowance: the order every photo change takes its locks in.
      await lockProjectForUpdate(tx, projectId);
      const periodId = await reserveForUpload(tx, userId, planned.length, now);
      const rows = await insertPhotos(
        tx,
        planned.map(({ file, id }, index) => ({
          ...photoRow(id, userId, projectId, periodId, file, request),
          // Photos are listed by creation time: one millisecond apart keeps them in the order they were sent.
          createdAt: new Date(now.getTime() + index),
        })),
      );
      await refreshProjectCounters(tx, projectId);
      return rows;
    });
    // From here the files belong to committed photos: whatever fails next must not delete them.
    stored.length = 0;
    await queueJobs(queue, photos, log);
    const refused = upload.refused.map(({ fileName, code, message }) => ({ fileName, code, message }));
    return { project: await getProject(db, userId, projectId), photos: photos.map(toPhoto), refused };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  } finally {
    await discard(upload.files);
  }
}

/** No file to take: either none was sent, or every one was refused (answered as the first refusal, listing all). */
function nothingTaken({ refused }: ReceivedUpload): HttpError {
  const [first] = refused;
  if (!first) return new HttpError(400, 'Choose at least one photo to upload.', 'NO_PHOTOS');
  return new HttpError(first.status, first.batchMessage, first.code, {
    file: first.fileName,
    refused: refused.map(({ fileName, code, message }) => ({ fileName, code, message })),
  });
}

/**
 * One `photo.enhance` job per photo, its id the photo's (recorded as the photo's job when it was saved). A
 * job that cannot be queued now is not lost: stalled-photo recovery finds no such job and queues one.
 */
async function queueJobs(queue: Queue, photos: { id: string }[], log: FastifyBaseLogger) {
  const results = await Promise.allSettled(
    photos.map((p) => queue.send('photo.enhance', { photoId: p.id }, { id: p.id })),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length) log.error({ err: failed[0]!.reason, failed: failed.length }, 'could not queue photo jobs');
}

function photoRow(
  id: string,
  userId: string,
  projectId: string,
  usagePeriodId: string,
  file: ReceivedUpload['files'][number],
  request: EnhancementRequest,
) {
  return {
    id,
    userId,
    projectId,
    usagePeriodId,
    fileName: file.fileName,
    imageType: file.type,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    width: file.width,
    height: file.height,
    originalKey: photoKeys(userId, id).original,
    enhanceJobId: id,
    templateId: request.template?.id ?? null,
    templateName: request.template?.name ?? null,
    customPrompt: request.customText ?? null,
    prompt: request.prompt,
  };
}
