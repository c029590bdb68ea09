import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { makeThumbnail, normalizeToJpeg, runLocalEngine } from '@hearth/image-engine';
import type { Db } from '../../db/client';
import { completed, failed, skipped, type JobContext, type JobOutcome } from '../jobs/queue';
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
import { ProviderError, ProviderTimeoutError } from '../providers/errors';
import type { StagingProvider } from '../providers/provider';
import { giveImageBack } from '../usage/service';
import { runGenerativeEdit, type StageLimits } from './generative-edit';
import { finalPromptForPhoto } from './request';
import { GENERIC_FAILURE, MISSING_UPLOAD_FAILURE, NO_PROVIDER_FAILURE, UNREADABLE_FAILURE } from './failure-messages';

export interface EnhanceDeps {
  db: Db;
  storage: ObjectStorage;
  tempDir: string;
  log: Logger;
  /** The generative provider stack; undefined when none is configured (staging off). */
  staging?: StagingProvider;
  /** 'ai' sends the enhancement-only templates to the provider too (when there is one). */
  enhancementEngine?: 'local' | 'ai';
  /**
   * How long one try may spend before its provider call is abandoned: a little less than the job's expiry,
   * so the queue never starts a second try (and a second paid call) while the first still runs.
   */
  deadlineMs?: number;
  /** Bounds on the CPU work and on the provider calls in flight, shared by all of a process's jobs. */
  limits?: StageLimits;
}

/** A failure that another try cannot fix: the photo fails at once. */
export class PermanentEnhancementError extends Error {}

/** The photo was deleted (with its project) while its job ran: there is nothing left to finish. */
class PhotoGoneError extends Error {}

export { GENERIC_FAILURE, NO_PROVIDER_FAILURE, UNREADABLE_FAILURE } from './failure-messages';

/**
 * `photo.enhance`: idempotent. A finished or deleted photo is skipped; files are written under fixed keys,
 * so a second run overwrites the same objects; completion and failure each happen once (see repository),
 * and a run that loses the race to finish removes what it alone wrote. Throws when another try may do better.
 */
export async function enhancePhoto(deps: EnhanceDeps, photoId: string, context: JobContext): Promise<JobOutcome> {
  const photo = await markProcessing(deps.db, photoId);
  if (!photo) return skipped('the photo is already finished or deleted');
  await refreshProjectCounters(deps.db, photo.projectId);
  let workDir: string | undefined;
  const deadline = deps.deadlineMs ? AbortSignal.timeout(deps.deadlineMs) : undefined;
  const stop = AbortSignal.any([deadline, context.signal].filter((s) => s !== undefined));
  try {
    await mkdir(deps.tempDir, { recursive: true });
    workDir = await mkdtemp(path.join(deps.tempDir, 'job-'));
    return (await enhance(deps, photo, workDir, stop, context.signal))
      ? completed()
      : skipped('another run finished the photo first');
  } catch (caught) {
    if (caught instanceof PhotoGoneError) return skipped('the photo was deleted while it ran');
    // Handed back to the queue at shutdown: another worker runs the photo again, nothing is recorded here.
    if (context.signal?.aborted) return skipped('handed back to the queue');
    // The provider call was abandoned at the deadline: it ends with the deadline signal's own reason.
    const error =
      deps.staging && deadline?.aborted && caught === deadline.reason ? deadlineError(deps.staging, caught) : caught;
    const { message, mayRetry } = describeFailure(error);
    // The cause (a decoder's or vendor's own words) is logged; the photo carries only `message`.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    deps.log.warn(
      { err: error, cause, photoId, mayRetry, lastAttempt: context.isLastAttempt },
      'photo enhancement failed',
    );
    if (mayRetry && !context.isLastAttempt) throw error;
    return (await failPhoto(deps.db, photoId, message))
      ? failed(message)
      : skipped('the photo was already finished or deleted');
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * What the agent reads on a failed photo, and whether the job's next try may do better. A provider that was
 * busy, down, slow or sent something unusable gets another try later; a refusal or a configuration problem
 * does not. Every message says the image was not charged, because a failed photo gives it back.
 */
function describeFailure(error: unknown): { message: string; mayRetry: boolean } {
  if (error instanceof PermanentEnhancementError) return { message: error.message, mayRetry: false };
  if (error instanceof ProviderError) {
    return {
      message: `${error.message} The image was not charged.`,
      mayRetry: error.retryable || error instanceof ProviderTimeoutError,
    };
  }
  return { message: GENERIC_FAILURE, mayRetry: true };
}

function deadlineError(staging: StagingProvider, cause: unknown) {
  return new ProviderTimeoutError({
    provider: staging.id,
    detail: 'The try ran out of time before the job expires (ENHANCE_JOB_EXPIRE_SECONDS)',
    cause,
  });
}

/**
 * `signal` ends the provider call (the try's deadline, or a hand-back); `handedBack` alone also stops the
 * steps between, so nothing is written once the photo belongs to another worker. False when another run
 * finished the photo first.
 */
async function enhance(
  deps: EnhanceDeps,
  photo: PhotoRow,
  workDir: string,
  signal: AbortSignal,
  handedBack: AbortSignal | undefined,
) {
  const { db, storage } = deps;
  const keys = photoKeys(photo.userId, photo.id);
  const file = (name: string) => path.join(workDir, name);

  await pipeline(await openOriginal(deps, photo), createWriteStream(file('original')));
  await cpu(deps)(async () => {
    handedBack?.throwIfAborted();
    await normalizeToJpeg(file('original'), photo.imageType, file('preview.jpg')).catch((error: unknown) => {
      throw new PermanentEnhancementError(UNREADABLE_FAILURE, { cause: error });
    });
    await makeThumbnail(file('preview.jpg'), file('thumbnail.jpg'));
  });
  handedBack?.throwIfAborted();
  await storage.put(keys.preview, createReadStream(file('preview.jpg')), 'image/jpeg');
  await storage.put(keys.thumbnail, createReadStream(file('thumbnail.jpg')), 'image/jpeg');
  if (!(await saveProgress(db, photo.id, { previewKey: keys.preview, thumbnailKey: keys.thumbnail }))) {
    await removeFiles(storage, [keys.preview, keys.thumbnail]);
    throw new PhotoGoneError();
  }

  handedBack?.throwIfAborted();
  const result = await runEngine(
    deps,
    photo,
    { inputPath: file('preview.jpg'), outputPath: file('enhanced.jpg') },
    signal,
    handedBack,
  );
  handedBack?.throwIfAborted();
  await storage.put(keys.enhanced, createReadStream(file('enhanced.jpg')), 'image/jpeg');

  const done = await db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const marked = await markCompleted(tx, photo.id, { enhancedKey: keys.enhanced, ...result });
    if (marked) await refreshProjectCounters(tx, photo.projectId);
    return marked;
  });
  if (done) return true;
  // Another run finished first. If it completed the photo, the result under the same key is that run's
  // too; if the photo failed or is gone, nothing refers to the file this run wrote.
  const now = await findPhoto(db, photo.id);
  if (!now) await removeFiles(storage, [keys.preview, keys.thumbnail, keys.enhanced]);
  else if (now.status !== 'completed') await removeFiles(storage, [keys.enhanced]);
  return false;
}

type EngineFiles = { inputPath: string; outputPath: string };

/**
 * The local engine for the enhancement-only templates (unless ENHANCEMENT_ENGINE=ai), the generative provider
 * for staging and custom instructions. Returns the photo's columns that describe the result.
 */
async function runEngine(
  deps: EnhanceDeps,
  photo: PhotoRow,
  files: EngineFiles,
  signal: AbortSignal,
  handedBack: AbortSignal | undefined,
) {
  const template = photo.templateId ? findTemplate(photo.templateId) : undefined;
  const local = template?.localOperations;
  const wantsProvider = !local || Boolean(photo.customPrompt) || deps.enhancementEngine === 'ai';
  if (local && !(wantsProvider && deps.staging)) {
    if (photo.customPrompt) throw new PermanentEnhancementError(NO_PROVIDER_FAILURE);
    const result = await cpu(deps)(() => {
      handedBack?.throwIfAborted();
      return runLocalEngine({ ...files, inputType: 'jpeg', operations: local });
    });
    const { engine, operations, notes, width, height } = result;
    return { engine, operations, notes, width, height };
  }
  if (!deps.staging) throw new PermanentEnhancementError(NO_PROVIDER_FAILURE);

  const result = await runGenerativeEdit({
    ...files,
    prompt: finalPromptForPhoto(photo),
    templateId: photo.templateId,
    provider: deps.staging,
    signal,
    limits: deps.limits,
  });
  const { call } = result;
  deps.log.info({ photoId: photo.id, ...call, needsReview: result.needsReview }, 'AI provider call recorded');
  return {
    engine: result.engine,
    operations: result.operations,
    notes: result.notes,
    width: result.width,
    height: result.height,
    needsReview: result.needsReview,
    reviewReason: result.reviewReason,
    provider: call.provider,
    model: call.model,
    providerRequestId: call.requestId,
    providerDurationMs: call.durationMs,
    providerAttempts: call.attempts,
    providerUsage: call.usage,
  };
}

const cpu = (deps: EnhanceDeps) => deps.limits?.cpu ?? ((task) => task());

async function openOriginal({ db, storage }: EnhanceDeps, photo: PhotoRow) {
  try {
    return await storage.get(photo.originalKey);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
    throw new PermanentEnhancementError(MISSING_UPLOAD_FAILURE);
  }
}

async function removeFiles(storage: ObjectStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/** Marks the photo failed and gives its image back, each exactly once; false when it was not this call. */
export async function failPhoto(db: Db, photoId: string, message: string): Promise<boolean> {
  const photo = await findPhoto(db, photoId);
  if (!photo) return false;
  return db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const marked = await markFailed(tx, photoId, message);
    if (!marked) return false;
    if (marked.usagePeriodId) await giveImageBack(tx, marked.usagePeriodId);
    await refreshProjectCounters(tx, photo.projectId);
    return true;
  });
}
