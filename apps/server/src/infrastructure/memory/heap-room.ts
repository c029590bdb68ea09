import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Keeps room in V8's heap for the Buffers an upload or a download passes through (docs/decisions/085, 113).
 *
 * After each full collection V8 lets the old generation grow by a factor of what survived before it starts the
 * next, and it counts the memory outside the heap allocated since (the Buffers read from a socket or a file)
 * against that room. The young generation frees those Buffers only once they add up to 32 MB (16 MB on Node 24,
 * see YOUNG_BUFFERS_FLAG), so a room smaller than that starts a full collection every few tens of megabytes
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

/**
 * V8 collects the young generation before it is full once the Buffers allocated in it add up to twice its
 * default semi-space. Node 20's V8 fixes that default at 16 MB, a 32 MB trigger, which MIN_ROOM_BYTES is sized
 * for. Node 24's derives it from this flag (32, times 2 on its builds): a 128 MB trigger, never reached, so an
 * upload's dead socket Buffers piled up until the young generation filled with objects. At 4 the trigger is
 * 16 MB: fewer dead Buffers, and fewer freed pages the allocator holds, for a young collection of ~1.5 ms per
 * 16 MB streamed (docs/decisions/123). V8 reads the flag at every Buffer allocation, so setting it at start-up
 * is in time; NODE_OPTIONS refuses it, and Node 20's V8 does not know it.
 */
const YOUNG_BUFFERS_FLAG = '--scavenger-max-new-space-capacity-mb=4';

/** Whether this V8 has YOUNG_BUFFERS_FLAG: Node 24's (13) does, Node 20's (11) does not. */
export const hasYoungBuffersFlag = (v8Version = process.versions.v8) => Number(v8Version.split('.')[0]) >= 13;

/**
 * Lowers the young generation's Buffer trigger where V8 lets it be set, then sets the growing factor now, and again
 * after every full collection for as long as the process runs.
 */
export function keepHeapRoom(): void {
  if (hasYoungBuffersFlag()) v8.setFlagsFromString(YOUNG_BUFFERS_FLAG);
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
