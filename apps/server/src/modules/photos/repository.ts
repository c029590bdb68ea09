import { and, asc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photo } from '../../db/schema';
import { photoKeys } from '../storage/storage';

export type PhotoRow = typeof photo.$inferSelect;
export type NewPhoto = typeof photo.$inferInsert;

export async function insertPhotos(db: Db, rows: NewPhoto[]): Promise<PhotoRow[]> {
  return db.insert(photo).values(rows).returning();
}

export async function listPhotosOfProject(db: Db, projectId: string): Promise<PhotoRow[]> {
  return db.select().from(photo).where(eq(photo.projectId, projectId)).orderBy(asc(photo.createdAt), asc(photo.id));
}

export async function findPhotoForUser(db: Db, userId: string, photoId: string) {
  const [row] = await db
    .select()
    .from(photo)
    .where(and(eq(photo.id, photoId), eq(photo.userId, userId)));
  return row;
}

export async function findPhoto(db: Db, photoId: string) {
  const [row] = await db.select().from(photo).where(eq(photo.id, photoId));
  return row;
}

/** Moves a waiting (or re-run) photo to processing; nothing happens to a finished one. */
export async function markProcessing(db: Db, photoId: string) {
  const [row] = await db
    .update(photo)
    .set({ status: 'processing', attempts: sql`${photo.attempts} + 1` })
    .where(and(eq(photo.id, photoId), notInArray(photo.status, ['completed', 'failed'])))
    .returning();
  return row;
}

/** Records part of a job's work; false when the photo no longer exists (its project was deleted). */
export async function saveProgress(db: Db, photoId: string, values: Partial<NewPhoto>): Promise<boolean> {
  const rows = await db.update(photo).set(values).where(eq(photo.id, photoId)).returning({ id: photo.id });
  return rows.length === 1;
}

/** Finishes a photo once: a second run of the same job finds it completed and changes nothing. */
export async function markCompleted(db: Db, photoId: string, values: Partial<NewPhoto>) {
  const rows = await db
    .update(photo)
    .set({ ...values, status: 'completed', error: null, completedAt: new Date() })
    .where(and(eq(photo.id, photoId), ne(photo.status, 'completed'), ne(photo.status, 'failed')))
    .returning({ id: photo.id });
  return rows.length === 1;
}

/**
 * Fails a photo once and claims its refund in the same statement, so the image is given back
 * exactly once however many times this runs.
 */
export async function markFailed(db: Db, photoId: string, error: string) {
  const [row] = await db
    .update(photo)
    .set({ status: 'failed', error, quotaReturned: true })
    .where(and(eq(photo.id, photoId), ne(photo.status, 'completed'), eq(photo.quotaReturned, false)))
    .returning({ usagePeriodId: photo.usagePeriodId });
  return row;
}

/**
 * Hands the photo to a new job, unless another process did so first (compare and set on the job id):
 * two workers recovering the same photo at once queue one job, not two.
 */
export async function replaceEnhanceJob(
  db: Db,
  photoId: string,
  { previous, next, now }: { previous: string | null; next: string; now: Date },
): Promise<boolean> {
  const sameJob = previous === null ? isNull(photo.enhanceJobId) : eq(photo.enhanceJobId, previous);
  const rows = await db
    .update(photo)
    .set({ enhanceJobId: next, updatedAt: now })
    .where(and(eq(photo.id, photoId), sameJob))
    .returning({ id: photo.id });
  return rows.length === 1;
}

/**
 * A photo whose job was handed back at shutdown waits for the job that replaces it; false when the photo
 * has finished, is gone, or already belongs to another job.
 */
export async function returnToQueue(
  db: Db,
  photoId: string,
  { previous, next, now }: { previous: string; next: string; now: Date },
) {
  const rows = await db
    .update(photo)
    .set({ status: 'waiting', enhanceJobId: next, updatedAt: now })
    .where(
      and(eq(photo.id, photoId), eq(photo.enhanceJobId, previous), notInArray(photo.status, ['completed', 'failed'])),
    )
    .returning({ id: photo.id });
  return rows.length === 1;
}

/** Photos left waiting or processing for longer than `olderThan` (their job was lost or outran its expiry). */
export async function findStalledPhotos(db: Db, olderThan: Date) {
  return db
    .select({ id: photo.id, attempts: photo.attempts, enhanceJobId: photo.enhanceJobId })
    .from(photo)
    .where(and(inArray(photo.status, ['waiting', 'processing']), lt(photo.updatedAt, olderThan)))
    .orderBy(asc(photo.updatedAt))
    .limit(500);
}

/**
 * Every storage key the photos may have files under. Derived from the ids, not from the recorded keys: a
 * job may have written a file a moment before its photo was deleted, without recording it yet.
 */
export async function keysOfPhotos(db: Db, where: { projectId: string } | { projectIds: string[] }) {
  const condition =
    'projectId' in where ? eq(photo.projectId, where.projectId) : inArray(photo.projectId, where.projectIds);
  const rows = await db
    .select({ id: photo.id, userId: photo.userId, originalKey: photo.originalKey })
    .from(photo)
    .where(condition);
  return rows.flatMap((r) => [...new Set([r.originalKey, ...Object.values(photoKeys(r.userId, r.id))])]);
}
