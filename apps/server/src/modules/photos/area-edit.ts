import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CreateVersionsResponse } from '@hearth/contracts';
import { AreaMaskError, readAreaMask } from '@hearth/image-engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import type { Queue } from '../../infrastructure/queue/queue';
import { versionKeys, type ObjectStorage } from '../../infrastructure/storage/object-storage';
import { assertCanUpload } from '../access/service';
import { resolveRequest, type EngineAvailability } from '../templates/service';
import { reserveForUpload } from '../usage/service';
import { toPhoto, toVersion } from './dto';
import { changeInProject, syncPhoto } from './progress';
import { findPhoto, findPhotoForUser } from './repository';
import { insertVersions, listVersionsOfPhoto, nextVersionNumber } from './version-repository';
import { queueVersionJobs, versionRow } from './versions';

interface AreaEditDeps {
  db: Db;
  queue: Queue;
  storage: ObjectStorage;
  engines: EngineAvailability;
  log: FastifyBaseLogger;
}

export interface AreaEditFields {
  instructions: string;
  /** The painted area: a PNG, base64 or a data: URL (checked by the contract's pattern). */
  mask: string;
}

/**
 * 'Edit an area' (issue 13, decision 015): a new version of the photo made from one of its finished versions,
 * changed only inside the painted area. The mask is checked (a PNG of the version's shape that paints
 * something) before anything is spent, stored beside the version, and the image reserved with the row in one
 * transaction, as 'Generate again' does; a failure gives it back.
 */
export async function createAreaEdit(
  { db, queue, storage, engines, log }: AreaEditDeps,
  userId: string,
  photoId: string,
  baseVersionId: string,
  fields: AreaEditFields,
  now = new Date(),
): Promise<CreateVersionsResponse> {
  const photo = await findPhotoForUser(db, userId, photoId);
  if (!photo) throw notFound('Photo not found');
  const base = (await listVersionsOfPhoto(db, photoId)).find((v) => v.id === baseVersionId);
  if (!base) throw notFound('Version not found');
  if (base.status !== 'completed' || !base.resultKey) {
    throw new HttpError(
      409,
      'Only a finished version can be edited. Wait for it to finish, or choose another.',
      'VERSION_NOT_READY',
    );
  }
  if (!engines.generative) {
    throw new HttpError(
      422,
      'Editing an area needs an AI image provider, and none is configured on this server.',
      'AREA_EDIT_UNAVAILABLE',
    );
  }
  await assertCanUpload(db, userId, now);
  const request = resolveRequest({ prompt: fields.instructions, variations: 1 }, engines);

  const png = Buffer.from(fields.mask.replace(/^data:image\/png;base64,/, ''), 'base64');
  try {
    await readAreaMask(png, base.width && base.height ? { width: base.width, height: base.height } : undefined);
  } catch (error) {
    if (error instanceof AreaMaskError) throw new HttpError(400, error.message, 'INVALID_MASK');
    throw error;
  }

  const id = randomUUID();
  const maskKey = versionKeys(userId, photoId, id).mask;
  await storage.put(maskKey, Readable.from([png]), 'image/png');
  let versions;
  try {
    versions = await changeInProject(db, photo.projectId, async (tx) => {
      const periodId = await reserveForUpload(tx, userId, 1, now);
      const number = await nextVersionNumber(tx, photoId);
      const rows = await insertVersions(tx, [
        { ...versionRow(id, photo, number, periodId, request), baseVersionId: base.id, maskKey },
      ]);
      await syncPhoto(tx, photoId);
      return rows;
    });
  } catch (error) {
    await storage.delete(maskKey).catch(() => undefined);
    throw error;
  }
  await queueVersionJobs(queue, versions, log);
  const updated = (await findPhoto(db, photoId))!;
  return { photo: toPhoto(updated), versions: versions.map((v) => toVersion(v, updated.chosenVersionId)) };
}
