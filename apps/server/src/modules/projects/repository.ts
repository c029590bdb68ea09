import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photo, project } from '../../db/schema';

export type ProjectRow = typeof project.$inferSelect;

export async function insertProject(db: Db, values: typeof project.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(project).values(values).returning();
  return row!;
}

export async function findProjectForUser(db: Db, userId: string, projectId: string) {
  const [row] = await db
    .select()
    .from(project)
    .where(and(eq(project.id, projectId), eq(project.userId, userId)));
  return row;
}

export async function listProjectsForUser(db: Db, userId: string) {
  return db.select().from(project).where(eq(project.userId, userId)).orderBy(desc(project.createdAt));
}

/** The first photo of each project, for the list's thumbnails. */
export async function firstPhotoIds(db: Db, projectIds: string[]): Promise<Map<string, string>> {
  if (!projectIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([photo.projectId], { projectId: photo.projectId, photoId: photo.id })
    .from(photo)
    .where(inArray(photo.projectId, projectIds))
    .orderBy(photo.projectId, asc(photo.createdAt), asc(photo.id));
  return new Map(rows.map((r) => [r.projectId, r.photoId]));
}

/**
 * Takes the project's row lock until the end of the caller's transaction. Two photos of one project that
 * finish at the same time would otherwise each count the other as unfinished (neither sees the other's
 * uncommitted change), and the project would stay 'processing' for good.
 */
export async function lockProject(db: Db, projectId: string) {
  await db.execute(sql`SELECT 1 FROM project WHERE id = ${projectId} FOR UPDATE`);
}

/**
 * Status and counters follow from the photos; recomputed whenever a photo changes. The count runs after
 * the lock is held, as its own statement, so it sees every change committed before (read committed).
 */
export async function recomputeProject(db: Db, projectId: string) {
  await db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    await countProjectPhotos(tx, projectId);
  });
}

async function countProjectPhotos(db: Db, projectId: string) {
  await db.execute(sql`
    UPDATE project SET
      total_photos = s.total,
      processed_photos = s.completed + s.failed,
      completed_photos = s.completed,
      failed_photos = s.failed,
      review_photos = s.review,
      status = CASE
        WHEN s.total = 0 THEN 'uploading'
        WHEN s.completed + s.failed = s.total THEN 'completed'
        ELSE 'processing' END,
      updated_at = now()
    FROM (
      SELECT
        count(*)::int AS total,
        count(*) FILTER (WHERE status = 'completed')::int AS completed,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE needs_review)::int AS review
      FROM photo WHERE project_id = ${projectId}
    ) s
    WHERE project.id = ${projectId}`);
}

/**
 * Locks the project for deleting it, when it matches the condition (the user's own, or expired); false when
 * none does. Uploads and jobs of the project wait on this lock until the transaction ends.
 */
export async function lockProjectForDelete(
  db: Db,
  projectId: string,
  condition: { userId: string } | { expiredBefore: Date },
): Promise<boolean> {
  const matches =
    'userId' in condition ? eq(project.userId, condition.userId) : lt(project.expiresAt, condition.expiredBefore);
  const rows = await db
    .select({ id: project.id })
    .from(project)
    .where(and(eq(project.id, projectId), matches))
    .for('update');
  return rows.length === 1;
}

/** Deletes the project's row and, through the foreign keys, its photos'. */
export async function deleteProjectRows(db: Db, projectId: string) {
  await db.delete(project).where(eq(project.id, projectId));
}
