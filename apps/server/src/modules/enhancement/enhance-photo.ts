import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { makeThumbnail, normalizeToJpeg } from '../../adapters/image-codec';
import type { Db } from '../../db/client';
import type { JobContext } from '../jobs/queue';
import {
  findPhoto,
  markCompleted,
  markFailed,
  markProcessing,
  saveProgress,
  type PhotoRow,
} from '../photos/repository';
import { lockProjectForUpdate, refreshProjectCounters } from '../projects/service';
import { photoKeys, StorageNotFoundError, type ObjectStorage } from '../storage/storage';
import { findTemplate } from '../templates/catalog';
import { giveImageBack } from '../usage/service';
import { runLocalEngine } from './local-engine';

export interface EnhanceDeps {
  db: Db;
  storage: ObjectStorage;
  tempDir: string;
  log: Logger;
}

/** A failure that another try cannot fix: the photo fails at once. */
export class PermanentEnhancementError extends Error {}

/** The photo was deleted (with its project) while its job ran: there is nothing left to finish. */
class PhotoGoneError extends Error {}

export const GENERIC_FAILURE = 'Enhancement failed. The image was not charged; please try again.';
const UNREADABLE = 'This photo could not be read. Please export it again (JPG or HEIC) and upload it once more.';

/**
 * `photo.enhance`: idempotent. A finished or deleted photo is skipped; files are written under fixed keys,
 * so a second run overwrites the same objects; completion and failure each happen once (see repository),
 * and a run that loses the race to finish removes what it alone wrote.
 */
export async function enhancePhoto(deps: EnhanceDeps, photoId: string, context: JobContext): Promise<void> {
  const photo = await markProcessing(deps.db, photoId);
  if (!photo) return;
  await refreshProjectCounters(deps.db, photo.projectId);
  let workDir: string | undefined;
  try {
    await mkdir(deps.tempDir, { recursive: true });
    workDir = await mkdtemp(path.join(deps.tempDir, 'job-'));
    await enhance(deps, photo, workDir);
  } catch (error) {
    if (error instanceof PhotoGoneError) return;
    const permanent = error instanceof PermanentEnhancementError;
    deps.log.warn({ err: error, photoId, permanent, lastAttempt: context.isLastAttempt }, 'photo enhancement failed');
    if (!permanent && !context.isLastAttempt) throw error;
    await failPhoto(deps.db, photoId, permanent ? error.message : GENERIC_FAILURE);
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}

async function enhance(deps: EnhanceDeps, photo: PhotoRow, workDir: string) {
  const { db, storage } = deps;
  const keys = photoKeys(photo.userId, photo.id);
  const file = (name: string) => path.join(workDir, name);

  await pipeline(await openOriginal(deps, photo), createWriteStream(file('original')));
  await normalizeToJpeg(file('original'), photo.imageType, file('preview.jpg')).catch((error: unknown) => {
    throw new PermanentEnhancementError(`${UNREADABLE} (${(error as Error).message})`);
  });
  await makeThumbnail(file('preview.jpg'), file('thumbnail.jpg'));
  await storage.put(keys.preview, createReadStream(file('preview.jpg')), 'image/jpeg');
  await storage.put(keys.thumbnail, createReadStream(file('thumbnail.jpg')), 'image/jpeg');
  if (!(await saveProgress(db, photo.id, { previewKey: keys.preview, thumbnailKey: keys.thumbnail }))) {
    await removeFiles(storage, [keys.preview, keys.thumbnail]);
    throw new PhotoGoneError();
  }

  const template = photo.templateId ? findTemplate(photo.templateId) : undefined;
  if (!template?.localOperations || photo.customPrompt) {
    throw new PermanentEnhancementError(
      'This edit needs an AI image provider, which is not configured. The image was not charged.',
    );
  }
  const result = await runLocalEngine({
    inputPath: file('preview.jpg'),
    inputType: 'jpeg',
    outputPath: file('enhanced.jpg'),
    operations: template.localOperations,
  });
  await storage.put(keys.enhanced, createReadStream(file('enhanced.jpg')), 'image/jpeg');

  const completed = await db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const done = await markCompleted(tx, photo.id, {
      enhancedKey: keys.enhanced,
      engine: result.engine,
      operations: result.operations,
      notes: result.notes,
      width: result.width,
      height: result.height,
    });
    if (done) await refreshProjectCounters(tx, photo.projectId);
    return done;
  });
  if (completed) return;
  // Another run finished first. If it completed the photo, the result under the same key is that run's
  // too; if the photo failed or is gone, nothing refers to the file this run wrote.
  const now = await findPhoto(db, photo.id);
  if (!now) await removeFiles(storage, [keys.preview, keys.thumbnail, keys.enhanced]);
  else if (now.status !== 'completed') await removeFiles(storage, [keys.enhanced]);
}

async function openOriginal({ db, storage }: EnhanceDeps, photo: PhotoRow) {
  try {
    return await storage.get(photo.originalKey);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
    throw new PermanentEnhancementError('The uploaded file is missing. Please upload the photo again.');
  }
}

async function removeFiles(storage: ObjectStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/** Marks the photo failed and gives its image back, each exactly once. */
export async function failPhoto(db: Db, photoId: string, message: string) {
  const photo = await findPhoto(db, photoId);
  if (!photo) return;
  await db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const failed = await markFailed(tx, photoId, message);
    if (!failed) return;
    if (failed.usagePeriodId) await giveImageBack(tx, failed.usagePeriodId);
    await refreshProjectCounters(tx, photo.projectId);
  });
}
