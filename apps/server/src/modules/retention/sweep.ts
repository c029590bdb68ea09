import { and, lt, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { project } from '../../db/schema';
import { photoFileKeys } from '../photos/service';
import { deleteFiles } from '../projects/service';
import type { ObjectStorage } from '../storage/storage';

const BATCH = 100;

/**
 * `retention.sweep`: deletes projects past their retention date with their photos and files.
 * Safe to run again or in two processes at once: each project row is deleted once, and deleting a
 * missing file is not an error.
 */
export async function sweepExpiredProjects(
  { db, storage, log }: { db: Db; storage: ObjectStorage; log: Logger },
  now = new Date(),
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = await db.select({ id: project.id }).from(project).where(lt(project.expiresAt, now)).limit(BATCH);
    if (!expired.length) break;
    for (const { id } of expired) {
      const keys = await photoFileKeys(db, [id]);
      const gone = await db
        .delete(project)
        .where(and(eq(project.id, id), lt(project.expiresAt, now)))
        .returning({ id: project.id });
      if (gone.length) {
        deleted++;
        await deleteFiles(storage, keys, log);
      }
    }
  }
  if (deleted) log.info({ deleted }, 'expired projects deleted');
  return deleted;
}
