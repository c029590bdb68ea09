import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Keeps room in V8's heap for the Buffers an upload or a download passes through (docs/decisions/085, 113).
 *
 * After each full collection V8 lets the old generation grow by a factor of what survived before it starts the
 * next, and it counts the memory outside the heap allocated since (the Buffers read from a socket or a file)
 * against that room. The young generation frees those Buffers only once they add up to about 32 MB (twice V8's
 * default semi-space), so a room smaller than that starts a full collection every few tens of megabytes
 * streamed, each a sweep of the whole live heap. The room needed is a size, not a share of the heap: this sets
 * V8's growing factor after each full collection so that the room is at least MIN_ROOM_BYTES, and half the
 * live heap where that is more. A fixed factor gave too little room to a small heap (PostgreSQL) or needless
 * garbage to a large one (PGlite).
 */
export const MIN_ROOM_BYTES = 34 * 2 ** 20;
const LEAST_PERCENT = 50;
const MOST_PERCENT = 200;

/** The heap-growing percent that leaves MIN_ROOM_BYTES above `liveBytes` (in steps of 5, within bounds). */
export function growingPercentFor(liveBytes: number): number {
  const wanted = Math.ceil((MIN_ROOM_BYTES / Math.max(liveBytes, 1)) * 20) * 5;
  return Math.min(MOST_PERCENT, Math.max(LEAST_PERCENT, wanted));
}

/** Sets the growing factor now, and again after every full collection for as long as the process runs. */
export function keepHeapRoom(): void {
  let current = 0;
  const apply = () => {
    const percent = growingPercentFor(oldGenerationBytes());
    if (percent === current) return; // the flag is only set when it changes
    current = percent;
    // Read by V8 each time it recomputes the heap's limits, so it takes effect from the next collection on.
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  };
  apply();
  // A gc entry's detail says which collection it was (Node's own typing of entries leaves it out).
  const isFull = (entry: object) =>
    (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
  new PerformanceObserver((list) => {
    if (list.getEntries().some(isFull)) apply();
  }).observe({ entryTypes: ['gc'] });
}

/** What the old generation holds: just after a full collection, about the live heap. */
function oldGenerationBytes(): number {
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_') && space.space_name !== 'read_only_space')
    .reduce((sum, space) => sum + space.space_used_size, 0);
}
