import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Queue } from '../jobs/queue';
import { findPhoto, findStalledPhotos, replaceEnhanceJob, returnToQueue } from '../photos/repository';
import { lockProjectForUpdate, refreshProjectCounters } from '../projects/service';
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

/**
 * The `photo.enhance` hand-back at shutdown (its job is cancelled by then): the photo waits again, for a
 * new job that any worker may start at once. The new job is recorded first, as in the stalled-photo check.
 */
export async function handBackPhoto({ db, queue }: { db: Db; queue: Queue }, photoId: string, cancelledJobId: string) {
  const photo = await findPhoto(db, photoId);
  if (!photo) return;
  const jobId = randomUUID();
  const claimed = await db.transaction(async (tx) => {
    await lockProjectForUpdate(tx, photo.projectId);
    const waiting = await returnToQueue(tx, photoId, { previous: cancelledJobId, next: jobId, now: new Date() });
    if (waiting) await refreshProjectCounters(tx, photo.projectId);
    return waiting;
  });
  if (claimed) await queue.send('photo.enhance', { photoId }, { id: jobId });
}
