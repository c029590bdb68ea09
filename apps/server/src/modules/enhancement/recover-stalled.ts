import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Queue } from '../jobs/queue';
import { findStalledPhotos, replaceEnhanceJob } from '../photos/repository';
import { failPhoto, GENERIC_FAILURE } from './enhance-photo';

/**
 * A photo can be left unfinished with no job that will finish it: the process died between saving the
 * upload and queueing its job, or the job used up its tries on workers that were killed or ran past the
 * expiry (pg-boss then fails the job without the handler ever recording the failure). Such a photo is
 * queued again while tries remain, and failed (with its image given back) after that.
 *
 * A photo whose job is still waiting, retrying or running is left alone, however long it waits: a long
 * queue is not a stall, and a second job would only do the same work twice.
 */
export async function recoverStalledPhotos(
  { db, queue }: { db: Db; queue: Queue },
  { stalledAfterMs, maxAttempts, now = new Date() }: { stalledAfterMs: number; maxAttempts: number; now?: Date },
): Promise<{ requeued: number; failed: number }> {
  const result = { requeued: 0, failed: 0 };
  const candidates = await findStalledPhotos(db, new Date(now.getTime() - stalledAfterMs));
  for (const photo of candidates) {
    if (photo.enhanceJobId && (await queue.isPending('photo.enhance', photo.enhanceJobId))) continue;
    if (photo.attempts >= maxAttempts) {
      await failPhoto(db, photo.id, GENERIC_FAILURE);
      result.failed++;
      continue;
    }
    const jobId = randomUUID();
    // The new job is recorded first: if queueing then fails, the next check finds no such job and tries again.
    const claimed = await replaceEnhanceJob(db, photo.id, { previous: photo.enhanceJobId, next: jobId, now });
    if (!claimed) continue;
    await queue.send('photo.enhance', { photoId: photo.id }, { id: jobId });
    result.requeued++;
  }
  return result;
}
