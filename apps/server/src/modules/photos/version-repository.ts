import { and, asc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { preparedPerDatabase } from '../../infrastructure/db/prepared';
import { photo, photoVersion } from '../../infrastructure/db/schema';

export type VersionRow = typeof photoVersion.$inferSelect;
export type NewVersion = typeof photoVersion.$inferInsert;

export async function insertVersions(db: Db, rows: NewVersion[]): Promise<VersionRow[]> {
  return rows.length ? db.insert(photoVersion).values(rows).returning() : [];
}

export async function listVersionsOfPhoto(db: Db, photoId: string): Promise<VersionRow[]> {
  return db.select().from(photoVersion).where(eq(photoVersion.photoId, photoId)).orderBy(asc(photoVersion.number));
}

export async function listVersionsOfProject(db: Db, projectId: string): Promise<VersionRow[]> {
  return db
    .select({ version: photoVersion })
    .from(photoVersion)
    .innerJoin(photo, eq(photo.id, photoVersion.photoId))
    .where(eq(photo.projectId, projectId))
    .orderBy(asc(photo.createdAt), asc(photo.id), asc(photoVersion.number))
    .then((rows) => rows.map((row) => row.version));
}

/** Prepared: a chosen version's thumbnail and every version file are found by it (docs/decisions/116). */
const versionById = preparedPerDatabase((db) =>
  db
    .select()
    .from(photoVersion)
    .where(eq(photoVersion.id, sql.placeholder('versionId')))
    .prepare('version_by_id'),
);

export async function findVersion(db: Db, versionId: string): Promise<VersionRow | undefined> {
  const [row] = await versionById(db).execute({ versionId });
  return row;
}

/** The version and its photo, in one prepared statement: every step of a photo job starts from both. */
const versionWithPhoto = preparedPerDatabase((db) =>
  db
    .select({ version: photoVersion, photo })
    .from(photoVersion)
    .innerJoin(photo, eq(photo.id, photoVersion.photoId))
    .where(eq(photoVersion.id, sql.placeholder('versionId')))
    .prepare('version_with_photo'),
);

export async function findVersionWithPhoto(db: Db, versionId: string) {
  const [row] = await versionWithPhoto(db).execute({ versionId });
  return row;
}

/**
 * A photo's versions in order, with the columns of the photo that syncing it reads, in one statement;
 * undefined when the photo is gone.
 */
export async function findPhotoWithVersions(db: Db, photoId: string) {
  const rows = await db
    .select({
      chosenVersionId: photo.chosenVersionId,
      status: photo.status,
      needsReview: photo.needsReview,
      version: photoVersion,
    })
    .from(photo)
    .leftJoin(photoVersion, eq(photoVersion.photoId, photo.id))
    .where(eq(photo.id, photoId))
    .orderBy(asc(photoVersion.number));
  const [first] = rows;
  if (!first) return undefined;
  const { chosenVersionId, status, needsReview } = first;
  return {
    photo: { chosenVersionId, status, needsReview },
    versions: rows.flatMap((row) => (row.version ? [row.version] : [])),
  };
}

export async function findVersionForUser(db: Db, userId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(photoVersion)
    .where(and(eq(photoVersion.id, versionId), eq(photoVersion.userId, userId)));
  return row;
}

/** The number the next version of the photo gets (call under the project's lock, which serialises it). */
export async function nextVersionNumber(db: Db, photoId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${photoVersion.number}), 0)::int` })
    .from(photoVersion)
    .where(eq(photoVersion.photoId, photoId));
  return (row?.last ?? 0) + 1;
}

/** Moves a waiting (or re-run) version to processing; nothing happens to a finished one. */
export async function markVersionProcessing(db: Db, versionId: string) {
  const [row] = await db
    .update(photoVersion)
    .set({ status: 'processing', attempts: sql`${photoVersion.attempts} + 1` })
    .where(and(eq(photoVersion.id, versionId), notInArray(photoVersion.status, ['completed', 'failed'])))
    .returning();
  return row;
}

/** Finishes a version once: a second run of the same job finds it completed and changes nothing. */
export async function markVersionCompleted(db: Db, versionId: string, values: Partial<NewVersion>) {
  const rows = await db
    .update(photoVersion)
    .set({ ...values, status: 'completed', error: null, completedAt: new Date() })
    .where(and(eq(photoVersion.id, versionId), notInArray(photoVersion.status, ['completed', 'failed'])))
    .returning({ id: photoVersion.id });
  return rows.length === 1;
}

/**
 * Fails a version once and claims its refund in the same statement, so the image is given back exactly
 * once however many times this runs.
 */
export async function markVersionFailed(db: Db, versionId: string, error: string) {
  const [row] = await db
    .update(photoVersion)
    .set({ status: 'failed', error, quotaReturned: true })
    .where(
      and(eq(photoVersion.id, versionId), ne(photoVersion.status, 'completed'), eq(photoVersion.quotaReturned, false)),
    )
    .returning({ usagePeriodId: photoVersion.usagePeriodId });
  return row;
}

/** Hands the version to the job `next` unless another process did first (compare and set on the job id). */
export async function replaceVersionJob(
  db: Db,
  versionId: string,
  { previous, next, now }: { previous: string | null; next: string; now: Date },
): Promise<boolean> {
  const sameJob = previous === null ? sql`${photoVersion.jobId} IS NULL` : eq(photoVersion.jobId, previous);
  const rows = await db
    .update(photoVersion)
    .set({ jobId: next, updatedAt: now })
    .where(and(eq(photoVersion.id, versionId), sameJob))
    .returning({ id: photoVersion.id });
  return rows.length === 1;
}

/** A version whose job was handed back at shutdown waits for the job that replaces it. */
export async function returnVersionToWaiting(
  db: Db,
  versionId: string,
  { previous, next, now }: { previous: string; next: string; now: Date },
) {
  const rows = await db
    .update(photoVersion)
    .set({ status: 'waiting', jobId: next, updatedAt: now })
    .where(
      and(
        eq(photoVersion.id, versionId),
        eq(photoVersion.jobId, previous),
        notInArray(photoVersion.status, ['completed', 'failed']),
      ),
    )
    .returning({ id: photoVersion.id });
  return rows.length === 1;
}

/** Versions left waiting or processing for longer than `olderThan` (their job was lost or outran its expiry). */
export async function findStalledVersions(db: Db, olderThan: Date) {
  return db
    .select({ id: photoVersion.id, attempts: photoVersion.attempts, jobId: photoVersion.jobId })
    .from(photoVersion)
    .where(and(inArray(photoVersion.status, ['waiting', 'processing']), lt(photoVersion.updatedAt, olderThan)))
    .orderBy(asc(photoVersion.updatedAt))
    .limit(500);
}

/** Every stored result key of the project's versions (legacy versions keep the photo's old result key). */
export async function versionKeysOfProject(db: Db, projectId: string) {
  const rows = await db
    .select({
      id: photoVersion.id,
      userId: photoVersion.userId,
      photoId: photoVersion.photoId,
      resultKey: photoVersion.resultKey,
    })
    .from(photoVersion)
    .innerJoin(photo, eq(photo.id, photoVersion.photoId))
    .where(eq(photo.projectId, projectId));
  return rows;
}

export async function findVersionsByIds(db: Db, versionIds: string[]): Promise<VersionRow[]> {
  if (versionIds.length === 0) return [];
  return db.select().from(photoVersion).where(inArray(photoVersion.id, versionIds));
}
