import { randomUUID } from 'node:crypto';
import type { Db } from '../../infrastructure/db/client';
import type { Queue } from '../../infrastructure/queue/queue';
import {
  failVersion,
  findStalledVersions,
  GENERIC_FAILURE,
  reassignVersionJob,
  returnVersionToQueue,
} from '../photos/service';

/**
 * A version can be left unfinished with no job that will finish it: the process died between saving the
 * upload and queueing its job, or the job used up its tries on workers that were killed or ran past the
 * expiry (pg-boss then fails the job without the handler ever recording the failure). Such a version is
 * queued again while tries remain, and failed (with its image given back) after that.
 *
 * A version whose job is still waiting, retrying or running is left alone, however long it waits: a long
 * queue is not a stall, and a second job would only do the same work twice.
 */
export async function recoverStalledPhotos(
  { db, queue }: { db: Db; queue: Queue },
  { stalledAfterMs, maxAttempts, now = new Date() }: { stalledAfterMs: number; maxAttempts: number; now?: Date },
): Promise<{ requeued: number; failed: number }> {
  const result = { requeued: 0, failed: 0 };
  const candidates = await findStalledVersions(db, new Date(now.getTime() - stalledAfterMs));
  for (const version of candidates) {
    if (version.jobId && (await queue.isPending('photo.enhance', version.jobId))) continue;
    if (version.attempts >= maxAttempts) {
      await failVersion(db, version.id, GENERIC_FAILURE);
      result.failed++;
      continue;
    }
    const jobId = randomUUID();
    // The new job is recorded first: if queueing then fails, the next check finds no such job and tries again.
    const claimed = await reassignVersionJob(db, version.id, { previous: version.jobId, next: jobId, now });
    if (!claimed) continue;
    await queue.send('photo.enhance', { versionId: version.id }, { id: jobId });
    result.requeued++;
  }
  return result;
}

/**
 * The `photo.enhance` hand-back at shutdown (its job is cancelled by then): the version waits again, for a
 * new job that any worker may start at once. The new job is recorded first, as in the stalled-photo check.
 */
export async function handBackPhoto(
  { db, queue }: { db: Db; queue: Queue },
  versionId: string,
  cancelledJobId: string,
) {
  const jobId = randomUUID();
  const claimed = await returnVersionToQueue(db, versionId, { previous: cancelledJobId, next: jobId });
  if (claimed) await queue.send('photo.enhance', { versionId }, { id: jobId });
}
