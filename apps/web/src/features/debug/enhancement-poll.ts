import type { Photo } from '@hearth/contracts';

/** SPEC §9: the debug screen looks at the photo every 2 seconds, at most 30 times (about a minute). */
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLL_ATTEMPTS = 30;

export type PollStep =
  { kind: 'completed'; photo: Photo } | { kind: 'failed'; photo: Photo } | { kind: 'wait'; photo: Photo | undefined };

/**
 * What one look at the project's photos means for the test photo (SPEC §4): done when it is completed
 * with an enhanced file, over when it failed, otherwise (waiting, processing, not listed yet, or
 * completed before its file is recorded) keep polling.
 */
export function pollStep(photos: readonly Photo[], photoId: string): PollStep {
  const photo = photos.find((p) => p.id === photoId);
  if (photo?.status === 'completed' && photo.enhancedUrl) return { kind: 'completed', photo };
  if (photo?.status === 'failed') return { kind: 'failed', photo };
  return { kind: 'wait', photo };
}

export type PollOutcome =
  | { kind: 'completed'; photo: Photo }
  | { kind: 'failed'; photo: Photo }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'canceled' };

export interface PollOptions {
  photoId: string;
  fetchPhotos: () => Promise<readonly Photo[]>;
  /** Resolves after `ms`, or rejects/resolves early when the signal aborts. Injected so tests need no clock. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  onWaiting?: (attempt: number, photo: Photo | undefined) => void;
  /** A poll that failed (network, 5xx): it still counts as one of the 30, and the next one is tried. */
  onPollError?: (attempt: number, error: unknown) => void;
  intervalMs?: number;
  maxAttempts?: number;
}

/**
 * Waits `intervalMs`, then looks at the photos, up to `maxAttempts` times. Stops at the first completed
 * (with enhancedUrl) or failed state, or reports a timeout after the last attempt.
 */
export async function pollForResult({
  photoId,
  fetchPhotos,
  sleep,
  signal,
  onWaiting,
  onPollError,
  intervalMs = POLL_INTERVAL_MS,
  maxAttempts = MAX_POLL_ATTEMPTS,
}: PollOptions): Promise<PollOutcome> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await sleep(intervalMs, signal);
    if (signal?.aborted) return { kind: 'canceled' };
    let photos: readonly Photo[];
    try {
      photos = await fetchPhotos();
    } catch (error) {
      if (signal?.aborted) return { kind: 'canceled' };
      onPollError?.(attempt, error);
      continue;
    }
    if (signal?.aborted) return { kind: 'canceled' };
    const step = pollStep(photos, photoId);
    if (step.kind !== 'wait') return step;
    onWaiting?.(attempt, step.photo);
  }
  return { kind: 'timeout', attempts: maxAttempts };
}

/** A sleep that ends early (without error) when the signal aborts, so leaving the page stops the loop at once. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
