import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import { projectFileKeys } from '../photos/service';
import { deleteExpiredProjects } from '../projects/service';

/** `retention.sweep`: asks projects to delete those past their retention date, with their photos and files. */
export async function sweepExpiredProjects(
  { db, storage, log }: { db: Db; storage: ObjectStorage; log: Logger },
  now = new Date(),
): Promise<number> {
  const { deleted, kept } = await deleteExpiredProjects({ db, storage, log, fileKeysOf: projectFileKeys }, now);
  if (deleted || kept) log.info({ deleted, kept }, 'expired projects swept');
  return deleted;
}
