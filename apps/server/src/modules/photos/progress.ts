import type { Db } from '../../infrastructure/db/client';
import { lockProjectForUpdate, setProjectCounters } from '../projects/service';
import { giveImageBack } from '../usage/service';
import { countPhotosOfProject, saveProgress, updatePhoto, type NewPhoto, type PhotoRow } from './repository';
import {
  findPhotoWithVersions,
  findVersionWithPhoto,
  markVersionCompleted,
  markVersionFailed,
  markVersionProcessing,
  replaceVersionJob,
  returnVersionToWaiting,
  type NewVersion,
  type VersionRow,
} from './version-repository';

/*
 * A photo's progress, each step one call: a version's status, the photo's mirror of its versions, its
 * project's counters and (on failure) the image given back change together, in one transaction that takes the
 * project's lock first — the order every photo change takes its locks in, so two versions of one project
 * finishing at once never miss each other in the counts.
 */

/** Runs `change` holding the project's lock; when it changed something, the project is counted again. */
export async function changeInProject<T>(db: Db, projectId: string, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, projectId);
    const changed = await change(tx);
    if (changed) await countProject(tx, projectId);
    return changed;
  });
}

const countProject = async (tx: Db, projectId: string) =>
  setProjectCounters(tx, projectId, await countPhotosOfProject(tx, projectId));

/**
 * Brings the photo's own columns in step with its versions: they describe the chosen version (or the newest,
 * before one is chosen), so lists, downloads and counters read one row. The first version to complete is
 * chosen when none is. The photo is waiting or processing while any version is, completed once a version is
 * chosen, and failed when every version failed. True when the photo moved in what its project counts: into or
 * out of completed or failed, or its review flag (waiting to processing, say, moves nothing).
 */
export async function syncPhoto(db: Db, photoId: string): Promise<boolean> {
  const found = await findPhotoWithVersions(db, photoId);
  if (!found) return false;
  const { photo, versions } = found;
  const chosen =
    versions.find((v) => v.id === photo.chosenVersionId && v.status === 'completed') ??
    versions.find((v) => v.status === 'completed');
  const shown = chosen ?? versions.at(-1);
  const pending = versions.filter((v) => v.status === 'waiting' || v.status === 'processing');
  const status = photoStatus(pending, chosen);
  await updatePhoto(db, photoId, {
    status,
    chosenVersionId: chosen?.id ?? null,
    versionCount: versions.length,
    enhancedKey: chosen?.resultKey ?? null,
    completedAt: chosen?.completedAt ?? null,
    error: !chosen && !pending.length ? (versions.at(-1)?.error ?? null) : null,
    ...(shown ? describedBy(shown) : {}),
  });
  const needsReview = shown ? shown.needsReview : photo.needsReview;
  return finishedAs(status) !== finishedAs(photo.status) || needsReview !== photo.needsReview;
}

/** A photo as its project counts it: completed, failed, or not finished. */
const finishedAs = (status: PhotoRow['status']) => (status === 'completed' || status === 'failed' ? status : null);

function photoStatus(pending: VersionRow[], chosen: VersionRow | undefined): PhotoRow['status'] {
  if (pending.some((v) => v.status === 'processing')) return 'processing';
  if (pending.length) return chosen ? 'processing' : 'waiting';
  return chosen ? 'completed' : 'failed';
}

/** The columns a photo shows of the version that stands for it. */
const describedBy = (v: VersionRow): Partial<NewPhoto> => ({
  templateId: v.templateId,
  templateName: v.templateName,
  customPrompt: v.customPrompt,
  prompt: v.prompt,
  style: v.style,
  engine: v.engine,
  operations: v.operations,
  notes: v.notes,
  provider: v.provider,
  model: v.model,
  providerRequestId: v.providerRequestId,
  providerDurationMs: v.providerDurationMs,
  providerAttempts: v.providerAttempts,
  providerUsage: v.providerUsage,
  needsReview: v.needsReview,
  reviewReason: v.reviewReason,
  ...(v.width && v.height ? { width: v.width, height: v.height } : {}),
});

/**
 * Runs a change to one version under its project's lock, then re-syncs the photo when it changed, and counts
 * the project again when the photo moved in what the project counts (a version that starts seldom moves it).
 */
async function changeVersion<T>(db: Db, versionId: string, change: (tx: Db, version: VersionRow) => Promise<T>) {
  const found = await findVersionWithPhoto(db, versionId);
  if (!found) return undefined;
  const { version, photo } = found;
  const result = await db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const changed = await change(tx, version);
    if (changed && (await syncPhoto(tx, version.photoId))) await countProject(tx, photo.projectId);
    return changed;
  });
  return result ? { result, photo } : undefined;
}

/** Moves a waiting (or re-run) version to processing; undefined when it is finished or gone. */
export async function startVersion(db: Db, versionId: string) {
  const started = await changeVersion(db, versionId, (tx) => markVersionProcessing(tx, versionId));
  return started && { version: started.result, photo: started.photo };
}

/** Records the photo's preview and thumbnail; false when the photo no longer exists (its project was deleted). */
export async function recordPhotoFiles(db: Db, photoId: string, files: Pick<NewPhoto, 'previewKey' | 'thumbnailKey'>) {
  return saveProgress(db, photoId, files);
}

/** The columns that describe a version's result. */
export type VersionResult = Omit<Partial<NewVersion>, 'id' | 'userId' | 'photoId' | 'status' | 'number'>;

/** Completes the version once: a second run of the same job finds it completed and changes nothing. */
export async function completeVersion(db: Db, versionId: string, result: VersionResult): Promise<boolean> {
  return Boolean(await changeVersion(db, versionId, (tx) => markVersionCompleted(tx, versionId, result)));
}

/** Fails the version and gives its image back, each exactly once; false when it was not this call. */
export async function failVersion(db: Db, versionId: string, message: string): Promise<boolean> {
  const failed = await changeVersion(db, versionId, async (tx) => {
    const marked = await markVersionFailed(tx, versionId, message);
    if (!marked) return false;
    if (marked.usagePeriodId) await giveImageBack(tx, marked.usagePeriodId);
    return true;
  });
  return Boolean(failed);
}

/**
 * A version whose job was handed back at shutdown waits again, for the job `next`; false when it has
 * finished, is gone, or already belongs to another job.
 */
export async function returnVersionToQueue(db: Db, versionId: string, jobs: { previous: string; next: string }) {
  const waiting = await changeVersion(db, versionId, (tx) =>
    returnVersionToWaiting(tx, versionId, { ...jobs, now: new Date() }),
  );
  return Boolean(waiting);
}

/**
 * Hands the version to the job `next`, unless another process did so first (compare and set on the job id):
 * two workers recovering the same version at once queue one job, not two.
 */
export async function reassignVersionJob(
  db: Db,
  versionId: string,
  jobs: { previous: string | null; next: string; now: Date },
) {
  return replaceVersionJob(db, versionId, jobs);
}
