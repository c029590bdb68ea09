/**
 * When to try a refused live-update stream again. EventSource reconnects by itself after a dropped connection,
 * but an answer other than 200 (a 429 when the account already has its 5 streams open, a 503 while a server
 * restarts) closes it for good. Waiting longer each time, with jitter so tabs do not return together, lets the
 * stream come back once another tab closes without knocking on the door every second.
 */
export const FIRST_RETRY_MS = 5_000;
export const LONGEST_RETRY_MS = 60_000;

/** The wait before retry number `attempt` (0 for the first): doubling from 5 s to at most 60 s, ±20 %. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
