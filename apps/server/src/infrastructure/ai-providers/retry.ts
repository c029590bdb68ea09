import {
  isAbortError,
  ProviderBusyError,
  ProviderError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './errors';
import { abortableSleep } from './rate-limit';
import type { ImageEditProvider, ImageEditRequest, ImageEditResult } from './provider';

export interface RetryOptions {
  /** Bound on one attempt, from sending the request to holding the image. */
  timeoutMs: number;
  /** Attempts after the first, for errors that are `retryable` (429, 5xx, network, unusable answers). */
  maxRetries: number;
  /** Backoff before retry n is between half and all of min(maxDelayMs, baseDelayMs × 2^(n-1)). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A vendor asking for a longer pause than this ends the call as busy instead of holding the worker. */
  maxRetryAfterMs?: number;
  /** Runs before every attempt, outside its timeout: the shared rate limit. */
  beforeAttempt?: (signal?: AbortSignal) => Promise<unknown>;
  onRetry?: (info: { attempt: number; delayMs: number; error: ProviderError }) => void;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type RetryingProvider = Pick<ImageEditProvider, 'id' | 'model' | 'inputSide' | 'maxReferences' | 'takesMask'> & {
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
};

/**
 * Runs each attempt under its own timeout and retries what may succeed later, with jittered exponential
 * backoff that never undercuts the vendor's Retry-After. Refusals, bad requests and configuration errors end
 * the call at once; so does a timeout (the job's own retry is the next chance, so that one photo cannot hold
 * a worker for several timeouts in a row). A caller's abort ends it with the caller's reason.
 */
export function withRetries(provider: ImageEditProvider, options: RetryOptions): RetryingProvider {
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? abortableSleep;

  async function attemptOnce(request: ImageEditRequest) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`No answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    const onCallerAbort = () => controller.abort(request.signal!.reason);
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      return await provider.edit({ ...request, signal: controller.signal });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timedOut) {
        throw new ProviderTimeoutError({
          provider: provider.id,
          detail: `No answer from ${provider.model} within ${options.timeoutMs / 1000} s`,
          cause: error,
        });
      }
      if (error instanceof ProviderError) throw error;
      // Adapters translate every answer they understand; what is left is a transport failure.
      throw new ProviderUnavailableError({
        provider: provider.id,
        detail: `${isAbortError(error) ? 'Aborted' : 'Request failed'}: ${(error as Error).message}`,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    id: provider.id,
    model: provider.model,
    inputSide: (target) => provider.inputSide(target),
    maxReferences: provider.maxReferences,
    takesMask: provider.takesMask,
    async edit(request) {
      for (let attempt = 1; ; attempt++) {
        request.signal?.throwIfAborted();
        await options.beforeAttempt?.(request.signal);
        request.signal?.throwIfAborted();
        try {
          const result = await attemptOnce(request);
          return { ...result, provider: provider.id, attempts: attempt };
        } catch (error) {
          if (!(error instanceof ProviderError) || !error.retryable || attempt > options.maxRetries) throw error;
          const retryAfterMs = error.retryAfterMs ?? 0;
          if (retryAfterMs > maxRetryAfterMs) {
            throw error instanceof ProviderBusyError
              ? error
              : new ProviderBusyError({
                  provider: provider.id,
                  detail: `${error.detail}; asked to wait ${Math.ceil(retryAfterMs / 1000)} s`,
                  status: error.status,
                  retryAfterMs,
                  cause: error,
                });
          }
          const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
          const delayMs = Math.max(retryAfterMs, ceiling / 2 + (random() * ceiling) / 2);
          options.onRetry?.({ attempt, delayMs, error });
          await sleep(delayMs, request.signal);
        }
      }
    },
  };
}
