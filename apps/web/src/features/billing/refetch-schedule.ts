/** SPEC §4 and §9: after checkout, refetch at once and again after 1, 3 and 6 seconds (webhooks may lag). */
export const POST_CHECKOUT_REFETCH_DELAYS_MS = [0, 1000, 3000, 6000] as const;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

let cancelPrevious: (() => void) | null = null;

/**
 * Runs `refetch` on the schedule. It lives outside any component, so a navigation right after checkout
 * (to /billing?success=true) does not cut it short; a newer schedule replaces an older one.
 */
export function scheduleRefetches(
  refetch: () => void,
  delays: readonly number[] = POST_CHECKOUT_REFETCH_DELAYS_MS,
  timers: Timers = globalThis,
): () => void {
  cancelPrevious?.();
  const handles = delays.filter((ms) => ms > 0).map((ms) => timers.setTimeout(refetch, ms));
  if (delays.includes(0)) refetch();
  const cancel = () => {
    for (const handle of handles) timers.clearTimeout(handle as never);
    if (cancelPrevious === cancel) cancelPrevious = null;
  };
  cancelPrevious = cancel;
  return cancel;
}
