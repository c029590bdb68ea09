import { randomUUID } from 'node:crypto';
import type { UploadResponse } from '@hearth/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infrastructure/db/client';
import { HttpError } from '../../infrastructure/http/errors';
import type { Queue } from '../../infrastructure/queue/queue';
import { getProject, requireProject } from '../projects/service';
import { photoKeys, type ObjectStorage } from '../../infrastructure/storage/object-storage';
import { resolveRequest, type EnhancementRequest } from '../templates/service';
import type { EngineAvailability } from '../templates/service';
import { assertCanUpload } from '../access/service';
import { reserveForUpload } from '../usage/service';
import { toPhoto } from './dto';
import { discard, type ReceivedUpload } from './receive';
import { clearUploadsInFlight } from './uploads-in-flight';
import { changeInProject } from './progress';
import { insertPhotos } from './repository';
import { insertVersions } from './version-repository';
import { queueVersionJobs, versionRow } from './versions';

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
 * Turns a received batch (after checkUploadAllowed), whose originals receiveUpload has stored already, into
 * photos: checks the request, then reserves the quota and writes the rows in one transaction. Whatever
 * fails, no row, reservation or file is left.
 */
export async function acceptUpload(
  { db, storage, queue, engines, log }: AcceptDeps,
  userId: string,
  projectId: string,
  upload: ReceivedUpload,
  now = new Date(),
): Promise<UploadResponse> {
  let photos: Awaited<ReturnType<typeof insertPhotos>>;
  let versions: Awaited<ReturnType<typeof insertVersions>>;
  try {
    if (!upload.files.length) throw nothingTaken(upload);
    const request = resolveRequest(upload.fields, engines);
    const planned = upload.files.map((file) => ({ file, id: file.id }));

    // The project first, then the allowance: the order every photo change takes its locks in.
    ({ photos, versions } = await changeInProject(db, projectId, async (tx) => {
      const periodId = await reserveForUpload(tx, userId, planned.length * request.variations, now);
      const photos = await insertPhotos(
        tx,
        planned.map(({ file, id }, index) => ({
          ...photoRow(id, userId, projectId, file, request),
          // Photos are listed by creation time: one millisecond apart keeps them in the order they were sent.
          createdAt: new Date(now.getTime() + index),
        })),
      );
      const versions = await insertVersions(
        tx,
        photos.flatMap((photo) =>
          Array.from({ length: request.variations }, (_, i) =>
            versionRow(randomUUID(), photo, i + 1, periodId, request),
          ),
        ),
      );
      // The originals now belong to photos: no longer in flight.
      await clearUploadsInFlight(
        tx,
        photos.map((p) => p.id),
      );
      return { photos, versions };
    }));
  } catch (error) {
    await discard({ storage, db }, upload.files);
    throw error;
  }
  // From here the files belong to committed photos: whatever fails next must not delete them.
  await queueVersionJobs(queue, versions, log);
  const refused = upload.refused.map(({ fileName, code, message }) => ({ fileName, code, message }));
  return { project: await getProject(db, userId, projectId), photos: photos.map(toPhoto), refused };
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

/** A new photo's row, described as its versions will be until the first of them finishes. */
function photoRow(
  id: string,
  userId: string,
  projectId: string,
  file: ReceivedUpload['files'][number],
  request: EnhancementRequest,
) {
  return {
    id,
    userId,
    projectId,
    fileName: file.fileName,
    imageType: file.type,
    sizeBytes: file.sizeBytes,
    width: file.width,
    height: file.height,
    originalKey: photoKeys(userId, id).original,
    versionCount: request.variations,
    templateId: request.template?.id ?? null,
    templateName: request.template?.name ?? null,
    style: request.style ?? null,
    customPrompt: request.customText ?? null,
    prompt: request.prompt,
  };
}
