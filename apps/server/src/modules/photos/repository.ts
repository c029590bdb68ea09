import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { photo } from '../../infrastructure/db/schema';
import { photoKeys, versionKeys } from '../../infrastructure/storage/object-storage';
import { versionKeysOfProject } from './version-repository';

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

/** Records part of a job's work; false when the photo no longer exists (its project was deleted). */
export async function saveProgress(db: Db, photoId: string, values: Partial<NewPhoto>): Promise<boolean> {
  const rows = await db.update(photo).set(values).where(eq(photo.id, photoId)).returning({ id: photo.id });
  return rows.length === 1;
}

/**
 * Every storage key the photos may have files under. Derived from the ids, not from the recorded keys: a
 * job may have written a file a moment before its photo was deleted, without recording it yet.
 */
export async function keysOfPhotos(db: Db, projectId: string) {
  const rows = await db
    .select({ id: photo.id, userId: photo.userId, originalKey: photo.originalKey })
    .from(photo)
    .where(eq(photo.projectId, projectId));
  const versions = await versionKeysOfProject(db, projectId);
  const keys = [
    ...rows.flatMap((r) => [r.originalKey, ...Object.values(photoKeys(r.userId, r.id))]),
    ...versions.flatMap((v) => [
      ...Object.values(versionKeys(v.userId, v.photoId, v.id)),
      ...(v.resultKey ? [v.resultKey] : []),
    ]),
  ];
  return [...new Set(keys)];
}

/**
 * What the project's list entry shows of its photos, in one statement. Run under the project's lock, as its own
 * statement, so it sees every change committed before (read committed): two photos finishing at once each count
 * the other.
 */
export async function countPhotosOfProject(db: Db, projectId: string) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) FILTER (WHERE ${photo.status} = 'completed'))::int`,
      failed: sql<number>`(count(*) FILTER (WHERE ${photo.status} = 'failed'))::int`,
      review: sql<number>`(count(*) FILTER (WHERE ${photo.needsReview}))::int`,
      // The first photo sent is the cover.
      coverPhotoId: sql<string | null>`(SELECT cover.id FROM photo cover WHERE cover.project_id = ${projectId}
        ORDER BY cover.created_at, cover.id LIMIT 1)`,
    })
    .from(photo)
    .where(eq(photo.projectId, projectId));
  return counts!;
}

/** Writes the photo's mirror of its versions (see photos/progress.ts). */
export async function updatePhoto(db: Db, photoId: string, values: Partial<NewPhoto>) {
  await db.update(photo).set(values).where(eq(photo.id, photoId));
}
