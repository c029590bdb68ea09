import { parentPort } from 'node:worker_threads';
import { fullCollection } from './full-collection';
import { doPhotoWork, PhotoUnreadableError, type PhotoWork, type PhotoWorkResult } from './photo-work';

/** One photo's work, as the photo threads send it (photo-threads.ts). */
export interface PhotoRequest {
  id: number;
  work: PhotoWork;
}

export type PhotoReply =
  | { id: number; result: PhotoWorkResult }
  | { id: number; error: { message: string; stack?: string; unreadable: boolean } };

parentPort?.on('message', async ({ id, work }: PhotoRequest) => {
  try {
    parentPort!.postMessage({ id, result: await doPhotoWork(work) } satisfies PhotoReply);
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    const unreadable = error instanceof PhotoUnreadableError;
    parentPort!.postMessage({
      id,
      error: { message: error.message, stack: error.stack, unreadable },
    } satisfies PhotoReply);
  } finally {
    // This thread's heap is a few megabytes, so a full collection costs a few milliseconds and frees the
    // photo's frames (36 MB at 12 MP) now, not whenever V8 next counts outside memory (docs/decisions/094).
    fullCollection();
  }
});
