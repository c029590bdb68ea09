import { and, asc, desc, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { preparedPerDatabase } from '../../infrastructure/db/prepared';
import { project } from '../../infrastructure/db/schema';
import { countProjectWrite } from './list-cache';

export type ProjectRow = typeof project.$inferSelect;

/**
 * Every write to the project table is one of this file's statements, run through here: the dashboard's list
 * cache (list-cache.ts) is valid only while no write has run since it was loaded.
 */
async function counted<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    countProjectWrite();
  }
}

export async function insertProject(db: Db, values: typeof project.$inferInsert): Promise<ProjectRow> {
  const [row] = await counted(db.insert(project).values(values).returning());
  return row!;
}

/** How many of the user's projects are named `name`, or `name (2)`, `name (3)` … */
export async function countProjectsNamedLike(db: Db, userId: string, name: string): Promise<number> {
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(project)
    .where(and(eq(project.userId, userId), or(eq(project.name, name), ilike(project.name, `${escaped} (%)`))));
  return row?.count ?? 0;
}

export async function findProjectForUser(db: Db, userId: string, projectId: string) {
  const [row] = await db
    .select()
    .from(project)
    .where(and(eq(project.id, projectId), eq(project.userId, userId)));
  return row;
}

/** The user's projects, newest first; with `search`, those whose name or address contains every word of it. */
export async function listProjectsForUser(db: Db, userId: string, search?: string) {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return allProjectsOf(db).execute({ userId });
  const matches = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(project.name, pattern), ilike(project.address, pattern));
  });
  return db
    .select()
    .from(project)
    .where(and(eq(project.userId, userId), ...matches))
    .orderBy(desc(project.createdAt));
}

/** The dashboard's query (every project of a user), prepared: it answers GET /api/projects. */
const allProjectsOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(project)
    .where(eq(project.userId, sql.placeholder('userId')))
    .orderBy(desc(project.createdAt))
    .prepare('projects_of_user'),
);

export async function updateProjectRow(db: Db, userId: string, projectId: string, values: Partial<ProjectRow>) {
  const [row] = await counted(
    db
      .update(project)
      .set(values)
      .where(and(eq(project.id, projectId), eq(project.userId, userId)))
      .returning(),
  );
  return row;
}

export async function findProjectByPublicToken(db: Db, token: string) {
  const [row] = await db.select().from(project).where(eq(project.publicToken, token));
  return row;
}

/**
 * Takes the project's row lock until the end of the caller's transaction. Two photos of one project that
 * finish at the same time would otherwise each count the other as unfinished (neither sees the other's
 * uncommitted change), and the project would stay 'processing' for good.
 */
export async function lockProject(db: Db, projectId: string) {
  await db.execute(sql`SELECT 1 FROM project WHERE id = ${projectId} FOR UPDATE`);
}

/** What the photos module counted of one project's photos, under the project's lock. */
export interface ProjectCounters {
  total: number;
  completed: number;
  failed: number;
  review: number;
  coverPhotoId: string | null;
}

/** Status and counters follow from the photos: written whenever a photo changes. */
export async function writeCounters(db: Db, projectId: string, counters: ProjectCounters) {
  const { total, completed, failed, review, coverPhotoId } = counters;
  const status = total === 0 ? 'uploading' : completed + failed === total ? 'completed' : 'processing';
  await counted(
    db
      .update(project)
      .set({
        totalPhotos: total,
        processedPhotos: completed + failed,
        completedPhotos: completed,
        failedPhotos: failed,
        reviewPhotos: review,
        coverPhotoId,
        status,
      })
      .where(eq(project.id, projectId)),
  );
}

/** Expired projects after `after` (by id), a batch at a time. */
export async function findExpiredProjectIds(db: Db, now: Date, after: string | undefined, limit: number) {
  const rows = await db
    .select({ id: project.id })
    .from(project)
    .where(
      and(
        lt(project.expiresAt, now),
        // A published listing keeps its photos for as long as its originals page is up.
        isNull(project.publicToken),
        after === undefined ? undefined : gt(project.id, after),
      ),
    )
    .orderBy(asc(project.id))
    .limit(limit);
  return rows.map((row) => row.id);
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
    'userId' in condition
      ? eq(project.userId, condition.userId)
      : and(lt(project.expiresAt, condition.expiredBefore), isNull(project.publicToken));
  const rows = await db
    .select({ id: project.id })
    .from(project)
    .where(and(eq(project.id, projectId), matches))
    .for('update');
  return rows.length === 1;
}

/** Deletes the project's row and, through the foreign keys, its photos'. */
export async function deleteProjectRows(db: Db, projectId: string) {
  await counted(db.delete(project).where(eq(project.id, projectId)));
}
