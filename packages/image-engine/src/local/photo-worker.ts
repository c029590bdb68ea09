import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { fullCollection, memoryReducingCollection } from './full-collection';
import { doPhotoWork, PhotoUnreadableError, type PhotoWork, type PhotoWorkResult } from './photo-work';

/** One photo's work, as the photo threads send it (photo-threads.ts). */
export interface PhotoRequest {
  id: number;
  work: PhotoWork;
}

/** Sent to an idle thread when a burst of photos is over (photo-threads.ts). */
export interface BurstEnded {
  burstEnded: true;
}

export type PhotoReply =
  | { id: number; result: PhotoWorkResult }
  | { id: number; error: { message: string; stack?: string; unreadable: boolean } };

parentPort?.on('message', async (message: PhotoRequest | BurstEnded) => {
  // A thread stays a minute after its last photo (docs/decisions/106), and an idle thread runs no collection:
  // without one, V8 keeps the pages of this thread's heap and its grown young generation for that minute
  // (decision 122).
  if ('burstEnded' in message) return memoryReducingCollection();
  const { id, work } = message;
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
    // A photo that held no frame here (the native pass streams a JPEG inside libvips) leaves only its small
    // copy: a forced collection then frees almost nothing, and cost about 40 ms of CPU a photo (decision 102).
    if (v8.getHeapStatistics().external_memory > FRAME_LEFT_BYTES) fullCollection();
  }
});

/** Outside memory above this after a photo means a large frame waits to be freed (12 MP: 36 MB); below it, V8 collects on its own. */
const FRAME_LEFT_BYTES = 32 * 1024 * 1024;
