import type { Db } from '../../db/client';
import type { Queue } from '../jobs/queue';
import { findPhoto, findStalledPhotos, saveProgress } from '../photos/repository';
import { failPhoto, GENERIC_FAILURE } from './enhance-photo';

/**
 * A photo whose job was lost (the process died between saving the upload and queueing it) or whose
 * every try ran past its expiry would wait forever. Such photos are queued again while tries remain,
 * and failed (with their image given back) after that.
 */
export async function recoverStalledPhotos(
  { db, queue }: { db: Db; queue: Queue },
  { stalledAfterMs, maxAttempts, now = new Date() }: { stalledAfterMs: number; maxAttempts: number; now?: Date },
) {
  const stalled = await findStalledPhotos(db, new Date(now.getTime() - stalledAfterMs));
  for (const { id } of stalled) {
    const photo = await findPhoto(db, id);
    if (!photo) continue;
    if (photo.attempts >= maxAttempts) await failPhoto(db, id, GENERIC_FAILURE);
    else {
      // Touch the row so the next check gives the new job time to run.
      await saveProgress(db, id, { updatedAt: now });
      await queue.send('photo.enhance', { photoId: id });
    }
  }
  return stalled.length;
}
