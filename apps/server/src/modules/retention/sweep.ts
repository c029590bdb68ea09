import { and, asc, gt, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { project } from '../../db/schema';
import { deleteProjectWithFiles, FilesNotDeletedError } from '../projects/service';
import type { ObjectStorage } from '../storage/storage';

const BATCH = 100;

/**
 * `retention.sweep`: deletes projects past their retention date with their photos and files.
 * Resumable: a project is deleted whole or not at all (its rows go only once every file is gone), so a
 * failed file deletion or a crash at any point leaves the project for the next sweep, which deletes what is
 * left. Safe to run in two processes at once: each project is deleted once.
 */
export async function sweepExpiredProjects(
  { db, storage, log }: { db: Db; storage: ObjectStorage; log: Logger },
  now = new Date(),
): Promise<number> {
  let deleted = 0;
  let kept = 0;
  // Walks the expired projects by id, so a project kept by a failure is not met again in this sweep.
  let after: string | undefined;
  for (;;) {
    const expired = await db
      .select({ id: project.id })
      .from(project)
      .where(and(lt(project.expiresAt, now), after === undefined ? undefined : gt(project.id, after)))
      .orderBy(asc(project.id))
      .limit(BATCH);
    if (!expired.length) break;
    for (const { id } of expired) {
      try {
        if (await deleteProjectWithFiles({ db, storage }, id, { expiredBefore: now })) deleted++;
      } catch (error) {
        if (!(error instanceof FilesNotDeletedError)) throw error;
        kept++;
        log.warn({ err: error, projectId: id }, 'expired project kept for the next sweep: files not deleted');
      }
    }
    after = expired.at(-1)!.id;
  }
  if (deleted || kept) log.info({ deleted, kept }, 'expired projects swept');
  return deleted;
}
