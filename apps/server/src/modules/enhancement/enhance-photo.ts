import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  makeThumbnail,
  PhotoUnreadableError,
  runPhotoWork,
  type LocalEngineResult,
  type PhotoWork,
} from '@hearth/image-engine';
import type { Db } from '../../infrastructure/db/client';
import { completed, failed, skipped, type JobContext, type JobOutcome } from '../../infrastructure/queue/queue';
import {
  completeVersion,
  failVersion,
  findFurnitureReference,
  findPhoto,
  findVersion,
  recordPhotoFiles,
  startVersion,
  type PhotoRow,
  type VersionResult,
  type VersionRow,
  GENERIC_FAILURE,
  MISSING_UPLOAD_FAILURE,
  NO_PROVIDER_FAILURE,
  UNREADABLE_FAILURE,
} from '../photos/service';
import {
  displayKeyOf,
  photoKeys,
  resultFormatOf,
  StorageNotFoundError,
  versionKeys,
  type ObjectStorage,
} from '../../infrastructure/storage/object-storage';
import { findTemplate } from '../templates/service';
import { ProviderError, ProviderTimeoutError } from '../../infrastructure/ai-providers/errors';
import type { StagingProvider } from '../../infrastructure/ai-providers/provider';
import type { EventBus } from '../../infrastructure/event-bus/event-bus';
import { runAreaEdit } from './area-edit';
import type { PhotoHeadStarts } from './head-starts';
import { runGenerativeEdit, type StageLimits } from './generative-edit';
import { finalPromptForVersion } from '../templates/service';

export interface EnhanceDeps {
  db: Db;
  storage: ObjectStorage;
  tempDir: string;
  /** Where a version's progress is announced to its owner's live streams (none in some tests). */
  events?: Pick<EventBus, 'publish'>;
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
  /** Previews and results begun while their photos' batch uploaded (docs/decisions/105). */
  headStarts?: PhotoHeadStarts;
}

/** A failure that another try cannot fix: the version fails at once. */
export class PermanentEnhancementError extends Error {}

/** The photo was deleted (with its project) while its job ran: there is nothing left to finish. */
class PhotoGoneError extends Error {}

export { GENERIC_FAILURE, NO_PROVIDER_FAILURE, UNREADABLE_FAILURE } from '../photos/service';

/**
 * `photo.enhance`: makes one version of a photo. Idempotent: a finished or deleted version is skipped; files
 * are written under fixed keys, so a second run overwrites the same objects; completion and failure each
 * happen once (see photos/progress.ts), and a run that loses the race to finish removes what it alone wrote.
 * Throws when another try may do better.
 */
export async function enhancePhoto(deps: EnhanceDeps, versionId: string, context: JobContext): Promise<JobOutcome> {
  const started = await startVersion(deps.db, versionId);
  if (!started) return skipped('the version is already finished or deleted');
  announce(deps, started.photo, versionId, 'processing');
  const afterShown: AfterShown[] = [];
  const outcome = await makeVersion(deps, started, context, afterShown);
  if (outcome.status !== 'skipped') announce(deps, started.photo, versionId, outcome.status);
  // What only makes a finished version's files smaller runs once the version is shown (decision 015).
  for (const task of afterShown) await task();
  return outcome;
}

/** Work on a finished version's files that its owner need not wait for; it never fails the job. */
type AfterShown = () => Promise<void>;

/** Tells the photo's owner, on whichever API process their stream is open, that one of its versions moved. */
function announce(
  deps: EnhanceDeps,
  photo: PhotoRow,
  versionId: string,
  status: 'processing' | 'completed' | 'failed',
) {
  const event = {
    type: 'photo.updated' as const,
    data: { projectId: photo.projectId, photoId: photo.id, versionId, status },
  };
  deps.events?.publish(photo.userId, event).catch((error: unknown) => {
    deps.log.warn({ err: error, versionId }, 'could not announce a photo update');
  });
}

async function makeVersion(
  deps: EnhanceDeps,
  { version, photo }: { version: VersionRow; photo: PhotoRow },
  context: JobContext,
  afterShown: AfterShown[],
): Promise<JobOutcome> {
  const versionId = version.id;
  let workDir: string | undefined;
  const deadline = deps.deadlineMs ? AbortSignal.timeout(deps.deadlineMs) : undefined;
  const stop = AbortSignal.any([deadline, context.signal].filter((s) => s !== undefined));
  try {
    await mkdir(deps.tempDir, { recursive: true });
    workDir = await mkdtemp(path.join(deps.tempDir, 'job-'));
    return (await enhance(deps, photo, version, workDir, stop, context.signal, afterShown))
      ? completed()
      : skipped('another run finished the version first');
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
      { err: error, cause, photoId: photo.id, versionId, mayRetry, lastAttempt: context.isLastAttempt },
      'photo enhancement failed',
    );
    if (mayRetry && !context.isLastAttempt) throw error;
    return (await failVersion(deps.db, versionId, message))
      ? failed(message)
      : skipped('the version was already finished or deleted');
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
  version: VersionRow,
  workDir: string,
  signal: AbortSignal,
  handedBack: AbortSignal | undefined,
  afterShown: AfterShown[],
) {
  const { storage } = deps;
  const keys = versionKeys(photo.userId, photo.id, version.id);
  const file = (name: string) => path.join(workDir, name);
  if (version.baseVersionId) return editArea(deps, photo, version, file, signal, handedBack, afterShown);

  const local = localOperationsFor(deps, version);
  const engineFiles = {
    inputPath: file('preview.jpg'),
    outputPath: file('result.jpg'),
    thumbnailPath: file('result-thumbnail.jpg'),
    referencePath: file('reference.jpg'),
  };
  // A photo without its preview yet is decoded once for the preview and, on the local engine, its result.
  const enhanced = await preparePreview(
    deps,
    photo,
    file,
    local && { outputPath: engineFiles.outputPath, thumbnailPath: engineFiles.thumbnailPath, operations: local },
    handedBack,
  );
  handedBack?.throwIfAborted();
  const result = enhanced ?? (await runEngine(deps, { photo, version }, engineFiles, signal, handedBack));
  // The local engine writes the thumbnail from its small copy; a provider's result is decoded for it.
  if (!local) {
    await cpu(deps)(async () => {
      handedBack?.throwIfAborted();
      await makeThumbnail(file('result.jpg'), file('result-thumbnail.jpg'));
    });
  }
  handedBack?.throwIfAborted();
  await storage.putFile(keys.result, file('result.jpg'), 'image/jpeg');
  await storage.putFile(keys.thumbnail, file('result-thumbnail.jpg'), 'image/jpeg');

  return finish(deps, photo, version, { resultKey: keys.result, thumbnailKey: keys.thumbnail, ...result });
}

/**
 * Completes the version with its stored files, once. Another run may have finished first: if it completed the
 * version, the files under the same keys are that run's too; if the version failed or is gone, nothing refers
 * to the files this run wrote. False when this run was not the one.
 */
async function finish(
  { db, storage }: EnhanceDeps,
  photo: PhotoRow,
  version: VersionRow,
  result: VersionResult & { resultKey: string; thumbnailKey: string },
) {
  if (await completeVersion(db, version.id, result)) return true;
  const now = await findVersion(db, version.id);
  if (!now || now.status !== 'completed') {
    await removeFiles(storage, [...new Set([result.resultKey, displayKeyOf(result.resultKey), result.thumbnailKey])]);
  }
  if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
  return false;
}

/**
 * An area edit (decision 015): the base version and the painted area from storage, the provider's edit
 * blended in only inside the area, the result stored as PNG. False when another run finished it first.
 */
async function editArea(
  deps: EnhanceDeps,
  photo: PhotoRow,
  version: VersionRow,
  file: (name: string) => string,
  signal: AbortSignal,
  handedBack: AbortSignal | undefined,
  afterShown: AfterShown[],
) {
  const { db, storage } = deps;
  if (!deps.staging) throw new PermanentEnhancementError(NO_PROVIDER_FAILURE);
  const keys = versionKeys(photo.userId, photo.id, version.id);
  const base = await findVersion(db, version.baseVersionId!);
  if (!base?.resultKey || base.status !== 'completed' || !version.maskKey) {
    if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
    throw new PermanentEnhancementError(AREA_BASE_GONE_FAILURE);
  }
  const baseFormat = resultFormatOf(base.resultKey);
  const basePath = file(`base.${baseFormat.extension}`);
  let mask: Buffer;
  try {
    await storage.getFile(base.resultKey, basePath);
    mask = await readAll(await storage.get(version.maskKey));
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
    throw new PermanentEnhancementError(AREA_BASE_GONE_FAILURE);
  }
  handedBack?.throwIfAborted();
  const result = await runAreaEdit({
    basePath,
    baseType: baseFormat.imageType,
    mask,
    outputPath: file('result.png'),
    displayPath: file('result.jpg'),
    thumbnailPath: file('result-thumbnail.jpg'),
    prompt: finalPromptForVersion(version),
    provider: deps.staging,
    signal,
    limits: deps.limits,
  });
  const { call } = result;
  deps.log.info({ versionId: version.id, ...call, needsReview: result.needsReview }, 'AI provider call recorded');
  handedBack?.throwIfAborted();
  // Side by side: the PNG, its area's rows stored until it is compacted, is the longest to put.
  await Promise.all([
    storage.putFile(keys.areaResult, file('result.png'), 'image/png'),
    storage.putFile(displayKeyOf(keys.areaResult), file('result.jpg'), 'image/jpeg'),
    storage.putFile(keys.thumbnail, file('result-thumbnail.jpg'), 'image/jpeg'),
  ]);
  const finished = await finish(deps, photo, version, {
    resultKey: keys.areaResult,
    thumbnailKey: keys.thumbnail,
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
    providerResolution: call.resolution,
  });
  if (finished) afterShown.push(() => compactAreaResult(deps, version.id, keys.areaResult, result.compact, handedBack));
  return finished;
}

/**
 * Puts the smaller PNG of a finished area edit (its area's rows deflated, not stored) in place of the one
 * stored, once the version is shown: the same pixels, so whichever file a download reads is right. The put
 * replaces the file whole (a temporary file renamed, or one object written), so a process that dies midway
 * leaves the larger file, still valid; a second run writes the same bytes. A version deleted meanwhile keeps
 * no file.
 */
async function compactAreaResult(
  deps: EnhanceDeps,
  versionId: string,
  key: string,
  compact: (outputPath: string) => Promise<void>,
  handedBack: AbortSignal | undefined,
) {
  // Handed back at shutdown: the larger file stays, and the process is not held up for a smaller one.
  if (handedBack?.aborted) return;
  let dir: string | undefined;
  try {
    dir = await mkdtemp(path.join(deps.tempDir, 'compact-'));
    const file = path.join(dir, 'result.png');
    await cpu(deps)(() => compact(file));
    if (handedBack?.aborted || !(await findVersion(deps.db, versionId))) return;
    await deps.storage.putFile(key, file, 'image/png');
    if (!(await findVersion(deps.db, versionId))) await removeFiles(deps.storage, [key]);
  } catch (error) {
    deps.log.warn({ err: error, versionId }, "could not compact an area edit's PNG (the larger one stays)");
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** Says so when an area edit's base version or painted area is gone (it was deleted, or its file lost). */
export const AREA_BASE_GONE_FAILURE =
  'The version this edit started from is no longer available, so the area could not be edited. The image was not charged.';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Puts the photo's preview (upright, sRGB, without metadata) at `preview.jpg`: made once per photo by the
 * first of its versions to run, with its thumbnail; the others download it. Variations that start together
 * may each make it: they write the same bytes under the same keys. When it makes the preview of a photo on
 * the local engine, the engine runs on the same decoded frame (docs/decisions/083), on a photo thread
 * (docs/decisions/094), and its result is returned. An upright sRGB JPEG is its own preview, less its
 * metadata (docs/decisions/093).
 */
async function preparePreview(
  deps: EnhanceDeps,
  photo: PhotoRow,
  file: (name: string) => string,
  enhance: PhotoWork['enhance'] | undefined,
  handedBack: AbortSignal | undefined,
) {
  const { db, storage } = deps;
  // A preview that cannot be read is made again.
  if (
    photo.previewKey &&
    (await storage.getFile(photo.previewKey, file('preview.jpg')).then(
      () => true,
      () => false,
    ))
  ) {
    return undefined;
  }
  const keys = photoKeys(photo.userId, photo.id);
  const { enhanced } =
    (await deps.headStarts?.take(photo.id, enhance?.operations, {
      previewPath: file('preview.jpg'),
      thumbnailPath: file('thumbnail.jpg'),
      enhance,
    })) ?? (await makePreview(deps, photo, file, enhance, handedBack));
  handedBack?.throwIfAborted();
  await storage.putFile(keys.preview, file('preview.jpg'), 'image/jpeg');
  await storage.putFile(keys.thumbnail, file('thumbnail.jpg'), 'image/jpeg');
  if (!(await recordPhotoFiles(db, photo.id, { previewKey: keys.preview, thumbnailKey: keys.thumbnail }))) {
    await removeFiles(storage, [keys.preview, keys.thumbnail]);
    throw new PhotoGoneError();
  }
  return enhanced && describeLocalResult(enhanced);
}

/** The preview (and the local engine's result) from the original: what a head start would have made. */
async function makePreview(
  deps: EnhanceDeps,
  photo: PhotoRow,
  file: (name: string) => string,
  enhance: PhotoWork['enhance'] | undefined,
  handedBack: AbortSignal | undefined,
) {
  await fetchOriginal(deps, photo, file('original'));
  // Without the engine, everything else of the version waits for the preview: it goes ahead of other
  // photos' fitting.
  return (enhance ? cpu : cpuFirst)(deps)(async () => {
    handedBack?.throwIfAborted();
    return runPhotoWork({
      input: { path: file('original'), type: photo.imageType },
      preview: { path: file('preview.jpg'), thumbnailPath: file('thumbnail.jpg') },
      enhance,
    }).catch((error: unknown) => {
      throw error instanceof PhotoUnreadableError
        ? new PermanentEnhancementError(UNREADABLE_FAILURE, { cause: error })
        : error;
    });
  });
}

type EngineFiles = {
  inputPath: string;
  outputPath: string;
  /** Written by the local engine only. */
  thumbnailPath: string;
  referencePath: string;
};

/** The photo's columns that describe a local engine's result. */
function describeLocalResult({ engine, operations, notes, width, height }: LocalEngineResult) {
  return { engine, operations, notes, width, height };
}

/** The local engine's operations when this version runs on it, else undefined (a provider runs it). */
export function localOperationsFor(
  deps: Pick<EnhanceDeps, 'staging' | 'enhancementEngine'>,
  version: Pick<VersionRow, 'templateId' | 'customPrompt'>,
) {
  const template = version.templateId ? findTemplate(version.templateId) : undefined;
  const local = template?.localOperations;
  const wantsProvider = !local || Boolean(version.customPrompt) || deps.enhancementEngine === 'ai';
  return local && !(wantsProvider && deps.staging) && !version.customPrompt ? local : undefined;
}

/**
 * The local engine for the enhancement-only templates (unless ENHANCEMENT_ENGINE=ai), the generative provider
 * for staging and custom instructions. Returns the photo's columns that describe the result.
 */
async function runEngine(
  deps: EnhanceDeps,
  { photo, version }: { photo: PhotoRow; version: VersionRow },
  files: EngineFiles,
  signal: AbortSignal,
  handedBack: AbortSignal | undefined,
) {
  const template = version.templateId ? findTemplate(version.templateId) : undefined;
  const local = template?.localOperations;
  const wantsProvider = !local || Boolean(version.customPrompt) || deps.enhancementEngine === 'ai';
  if (local && !(wantsProvider && deps.staging)) {
    if (version.customPrompt) throw new PermanentEnhancementError(NO_PROVIDER_FAILURE);
    const { inputPath, outputPath, thumbnailPath } = files;
    const { enhanced } = await cpu(deps)(() => {
      handedBack?.throwIfAborted();
      return runPhotoWork({
        input: { path: inputPath, type: 'jpeg' },
        enhance: { outputPath, thumbnailPath, operations: local },
      });
    });
    return describeLocalResult(enhanced!);
  }
  if (!deps.staging) throw new PermanentEnhancementError(NO_PROVIDER_FAILURE);

  const reference = await furnitureReference(deps, deps.staging, photo, version, files.referencePath);
  handedBack?.throwIfAborted();
  const result = await runGenerativeEdit({
    inputPath: files.inputPath,
    outputPath: files.outputPath,
    prompt: finalPromptForVersion(version),
    templateId: version.templateId,
    provider: deps.staging,
    referencePaths: reference.paths,
    signal,
    limits: deps.limits,
  });
  const { call } = result;
  deps.log.info({ versionId: version.id, ...call, needsReview: result.needsReview }, 'AI provider call recorded');
  return {
    engine: result.engine,
    operations: reference.paths.length ? [...result.operations, 'furniture-reference'] : result.operations,
    notes: [...reference.notes, ...result.notes],
    referenceVersionId: reference.versionId,
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
    providerResolution: call.resolution,
  };
}

/**
 * 'Keep furniture consistent' (decision 111): the room's accepted staging, downloaded to `referencePath` for the
 * provider, with a note that says where it came from; or, when the provider takes no references, a note that the
 * photo was staged without it.
 */
async function furnitureReference(
  deps: EnhanceDeps,
  staging: StagingProvider,
  photo: PhotoRow,
  version: VersionRow,
  referencePath: string,
): Promise<{ paths: string[]; versionId: string | null; notes: string[] }> {
  const none = { paths: [], versionId: null, notes: [] };
  const found = await findFurnitureReference(deps.db, photo, version);
  if (!found) return none;
  const source = `${found.photo.fileName} (version ${found.version.number})`;
  if (!staging.maxReferences) {
    return {
      ...none,
      notes: [`${staging.model} takes no reference images: staged without the furniture of ${source}.`],
    };
  }
  const stored = await deps.storage.getFile(found.version.resultKey!, referencePath).then(
    () => true,
    (error: unknown) => {
      if (error instanceof StorageNotFoundError) return false;
      throw error;
    },
  );
  if (!stored) return { ...none, notes: [`The furniture reference ${source} could not be read: staged without it.`] };
  return {
    paths: [referencePath],
    versionId: found.version.id,
    notes: [`Furniture matched to ${source}, sent as a reference image.`],
  };
}

const cpu = (deps: EnhanceDeps) => deps.limits?.cpu ?? ((task) => task());
const cpuFirst = (deps: EnhanceDeps) => deps.limits?.cpuBeforeCall ?? ((task) => task());

async function fetchOriginal({ db, storage }: EnhanceDeps, photo: PhotoRow, targetPath: string) {
  try {
    await storage.getFile(photo.originalKey, targetPath);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    if (!(await findPhoto(db, photo.id))) throw new PhotoGoneError();
    throw new PermanentEnhancementError(MISSING_UPLOAD_FAILURE);
  }
}

async function removeFiles(storage: ObjectStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key)));
}
