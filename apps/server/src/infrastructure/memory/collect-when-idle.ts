import { memoryReducingCollection } from '@hearth/image-engine';

/**
 * Gives a burst of image work's memory back once it is over (docs/decisions/091).
 *
 * A photo's decoded frames (36 MB each at 12 MP) live outside V8's heap, in buffers that are freed only when
 * V8 collects the small objects that own them. Those objects outlive a photo's few hundred milliseconds, so
 * they reach the old generation, which only a full collection sweeps; and an idle process runs none (V8
 * starts one for outside memory only past 64 MB more of it). After a batch, a frame or two stayed resident
 * until the next batch. One full collection a short while after the last job of a burst ends frees them, and
 * shrinks the heap (decision 121): a pause of up to about 100 ms once per burst, never during one.
 */
export function collectWhenIdle(work: IdleEvents, { delayMs = 2000, collect = memoryReducingCollection } = {}): void {
  let timer: NodeJS.Timeout | undefined;
  work.on('active', () => clearTimeout(timer));
  work.on('idle', () => {
    clearTimeout(timer);
    timer = setTimeout(collect, delayMs).unref();
  });
}

/**
 * One full collection a short while after start-up (docs/decisions/121). Start-up (migrations, routes, the
 * first queue fetches) allocates fast; an idle server then allocates so little that V8 runs no collection,
 * and its estimate of the allocation rate stays at start-up's. Node 24's memory reducer reads that as a high
 * rate and puts off shrinking the heap, 8 s at a time, for as long as the process stays idle, so the pages
 * start-up used stay resident (an idle server on PostgreSQL: 202 MB, and 122 MB after one collection).
 */
export function collectAfterStartUp({ delayMs = 2000, collect = memoryReducingCollection } = {}): void {
  setTimeout(collect, delayMs).unref();
}

export interface IdleEvents {
  on(event: 'active' | 'idle', listener: () => void): unknown;
}
