import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import { completed, type Queue } from '../../infrastructure/queue/queue';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import { removeAbandonedUploads } from '../photos/service';
import { removeStaleTempFiles } from './stale-temp-files';
import { sweepExpiredProjects } from './sweep';

/**
 * `retention.sweep`, hourly: expired projects, then what killed processes left behind: originals of uploads
 * that never became photos, and temporary files.
 */
export async function registerRetentionJobs(
  queue: Queue,
  { db, storage, log, tempDir }: { db: Db; storage: ObjectStorage; log: Logger; tempDir: string },
) {
  await queue.work('retention.sweep', 1, async () => {
    const projectsDeleted = await sweepExpiredProjects({ db, storage, log });
    const abandonedUploadsRemoved = await removeAbandonedUploads({ db, storage });
    if (abandonedUploadsRemoved) log.info({ removed: abandonedUploadsRemoved }, 'abandoned upload originals removed');
    const tempFilesRemoved = await removeStaleTempFiles(tempDir);
    if (tempFilesRemoved) log.info({ removed: tempFilesRemoved }, 'stale temporary files removed');
    return completed({ projectsDeleted, abandonedUploadsRemoved, tempFilesRemoved });
  });
  await queue.schedule('retention.sweep', '17 * * * *');
}
