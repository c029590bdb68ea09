import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Photo, Project } from '@hearth/contracts';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { Queue } from '../jobs/queue';
import { getProject, refreshProjectCounters, requireProject } from '../projects/service';
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
  { db, storage, queue, engines }: AcceptDeps,
  userId: string,
  projectId: string,
  upload: ReceivedUpload,
  now = new Date(),
): Promise<{ project: Project; photos: Photo[] }> {
  const stored: string[] = [];
  try {
    if (!upload.files.length) throw new HttpError(400, 'Choose at least one photo to upload.', 'NO_PHOTOS');
    const request = resolveRequest(upload.fields, engines);

    const planned = upload.files.map((file) => ({ file, id: randomUUID() }));
    for (const { file, id } of planned) {
      const key = photoKeys(userId, id).original;
      await storage.put(key, createReadStream(file.tempPath), contentTypeOf(file.type));
      stored.push(key);
    }

    const photos = await db.transaction(async (tx) => {
      const periodId = await reserveForUpload(tx, userId, planned.length, now);
      const rows = await insertPhotos(
        tx,
        planned.map(({ file, id }) => photoRow(id, userId, projectId, periodId, file, request)),
      );
      await refreshProjectCounters(tx, projectId);
      return rows;
    });

    await Promise.all(photos.map((p) => queue.send('photo.enhance', { photoId: p.id }, { id: p.id })));
    return { project: await getProject(db, userId, projectId), photos: photos.map(toPhoto) };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  } finally {
    await discard(upload.files);
  }
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
    templateId: request.template?.id ?? null,
    templateName: request.template?.name ?? null,
    customPrompt: request.customText ?? null,
    prompt: request.prompt,
  };
}
