import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { preparedPerDatabase } from '../../infrastructure/db/prepared';
import { photo, photoVersion } from '../../infrastructure/db/schema';
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

/** Prepared: most requests about one photo start here. */
const photoForUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(photo)
    .where(and(eq(photo.id, sql.placeholder('photoId')), eq(photo.userId, sql.placeholder('userId'))))
    .prepare('photo_for_user'),
);

export async function findPhotoForUser(db: Db, userId: string, photoId: string): Promise<PhotoRow | undefined> {
  const [row] = await photoForUser(db).execute({ photoId, userId });
  return row;
}

/**
 * What serving one of a photo's files reads, with its chosen version's thumbnail, in one narrow prepared
 * statement: on PGlite each statement, and each column read, costs the thread that serves the API
 * (docs/decisions/116).
 */
const photoFilesForUser = preparedPerDatabase((db) =>
  db
    .select({
      status: photo.status,
      fileName: photo.fileName,
      imageType: photo.imageType,
      originalKey: photo.originalKey,
      previewKey: photo.previewKey,
      enhancedKey: photo.enhancedKey,
      thumbnailKey: photo.thumbnailKey,
      chosenVersionId: photo.chosenVersionId,
      chosenThumbnailKey: photoVersion.thumbnailKey,
    })
    .from(photo)
    .leftJoin(photoVersion, eq(photoVersion.id, photo.chosenVersionId))
    .where(and(eq(photo.id, sql.placeholder('photoId')), eq(photo.userId, sql.placeholder('userId'))))
    .prepare('photo_files_for_user'),
);

export type PhotoFilesRow = NonNullable<Awaited<ReturnType<typeof findPhotoFilesForUser>>>;

export async function findPhotoFilesForUser(db: Db, userId: string, photoId: string) {
  const [row] = await photoFilesForUser(db).execute({ photoId, userId });
  return row;
}

/** Prepared: each step of a photo job reads its photo. */
const photoById = preparedPerDatabase((db) =>
  db
    .select()
    .from(photo)
    .where(eq(photo.id, sql.placeholder('photoId')))
    .prepare('photo_by_id'),
);

export async function findPhoto(db: Db, photoId: string): Promise<PhotoRow | undefined> {
  const [row] = await photoById(db).execute({ photoId });
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
