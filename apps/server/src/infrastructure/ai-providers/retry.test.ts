import { describe, expect, it } from 'vitest';
import {
  ProviderBadResponseError,
  ProviderBusyError,
  ProviderConfigurationError,
  type ProviderError,
  ProviderRefusedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './errors';
import type { AdapterEditResult, ImageEditProvider, ImageEditRequest, ProviderId } from './provider';
import { MemoryRateLimitStore, ProviderRateLimiter } from './rate-limit';
import { withFallbacks } from './registry';
import { withRetries } from './retry';

const okResult = (model: string): AdapterEditResult => ({
  image: Buffer.from('image'),
  mimeType: 'image/jpeg',
  width: 1024,
  height: 1024,
  model,
  durationMs: 5,
});

/** An adapter that answers from a script: an error to throw, 'ok', or 'hang' until aborted. */
function scriptedAdapter(id: ProviderId, script: (ProviderError | Error | 'ok' | 'hang')[]) {
  const calls: ImageEditRequest[] = [];
  const adapter: ImageEditProvider = {
    id,
    model: `${id}-model`,
    inputSide: () => 2048,
    async edit(request) {
      calls.push(request);
      const step = script[Math.min(calls.length - 1, script.length - 1)]!;
      if (step === 'ok') return okResult(`${id}-model`);
      if (step === 'hang') {
        return new Promise((_, reject) =>
          request.signal!.addEventListener('abort', () => reject(request.signal!.reason)),
        );
      }
      throw step;
    },
  };
  return { adapter, calls };
}

const request: ImageEditRequest = {
  image: Buffer.from('photo'),
  mimeType: 'image/jpeg',
  prompt: 'Stage it.',
  aspectRatio: 1.5,
  targetSize: { width: 1536, height: 1024 },
};
const busy = (retryAfterMs?: number) => new ProviderBusyError({ provider: 'gemini', detail: 'HTTP 429', retryAfterMs });
const unavailable = () => new ProviderUnavailableError({ provider: 'gemini', detail: 'HTTP 503' });

function retrying(adapter: ImageEditProvider, overrides: Partial<Parameters<typeof withRetries>[1]> = {}) {
  const delays: number[] = [];
  const provider = withRetries(adapter, {
    timeoutMs: 1_000,
    maxRetries: 3,
    random: () => 0,
    sleep: async (ms) => void delays.push(ms),
    ...overrides,
  });
  return { provider, delays };
}

describe('retries around a provider', () => {
  it('backs off exponentially with jitter between half and all of the ceiling', async () => {
    const low = retrying(scriptedAdapter('gemini', [unavailable(), unavailable(), unavailable(), 'ok']).adapter);
    expect((await low.provider.edit(request)).attempts).toBe(4);
    expect(low.delays).toEqual([500, 1_000, 2_000]);
    const high = retrying(scriptedAdapter('gemini', [unavailable(), unavailable(), 'ok']).adapter, { random: () => 1 });
    await high.provider.edit(request);
    expect(high.delays).toEqual([1_000, 2_000]);
  });

  it('caps the backoff at maxDelayMs but never waits less than Retry-After', async () => {
    const script = [unavailable(), unavailable(), unavailable(), busy(45_000), 'ok' as const];
    const { provider, delays } = retrying(scriptedAdapter('gemini', script).adapter, {
      maxRetries: 5,
      baseDelayMs: 10_000,
      maxDelayMs: 15_000,
      random: () => 1,
    });
    await provider.edit(request);
    expect(delays).toEqual([10_000, 15_000, 15_000, 45_000]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { adapter, calls } = scriptedAdapter('gemini', [unavailable()]);
    const { provider } = retrying(adapter, { maxRetries: 2 });
    await expect(provider.edit(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toHaveLength(3);
  });

  it('never retries refusals, configuration errors or timeouts', async () => {
    for (const error of [
      new ProviderRefusedError({ provider: 'gemini', detail: 'IMAGE_SAFETY' }),
      new ProviderConfigurationError({ provider: 'gemini', detail: 'HTTP 401' }),
    ]) {
      const { adapter, calls } = scriptedAdapter('gemini', [error, 'ok']);
      await expect(retrying(adapter).provider.edit(request)).rejects.toBe(error);
      expect(calls).toHaveLength(1);
    }
    const { adapter, calls } = scriptedAdapter('gemini', ['hang', 'ok']);
    await expect(retrying(adapter, { timeoutMs: 20 }).provider.edit(request)).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    );
    expect(calls).toHaveLength(1);
  });

  it('ends as busy at once when the vendor asks for a longer pause than it will hold a worker', async () => {
    const { adapter, calls } = scriptedAdapter('gemini', [
      new ProviderBadResponseError({ provider: 'gemini', detail: 'x', retryAfterMs: 600_000 }),
    ]);
    const { provider, delays } = retrying(adapter);
    await expect(provider.edit(request)).rejects.toBeInstanceOf(ProviderBusyError);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('turns an unexpected transport error into unavailable, which is retried', async () => {
    const { adapter, calls } = scriptedAdapter('gemini', [new TypeError('fetch failed'), 'ok']);
    expect((await retrying(adapter).provider.edit(request)).attempts).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it("stops with the caller's reason when the caller aborts, without retrying", async () => {
    const controller = new AbortController();
    const { adapter, calls } = scriptedAdapter('gemini', ['hang']);
    const pending = retrying(adapter).provider.edit({ ...request, signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    controller.abort(new Error('job cancelled'));
    await expect(pending).rejects.toThrow('job cancelled');
    expect(calls).toHaveLength(1);
  });

  it('takes a rate-limit slot before every attempt, outside the attempt timeout', async () => {
    const slept: number[] = [];
    let now = 0;
    const limiter = new ProviderRateLimiter(new MemoryRateLimitStore(() => now), {
      imagesPerMinute: 6,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    const { adapter } = scriptedAdapter('gemini', [unavailable(), 'ok']);
    const { provider } = retrying(adapter, {
      timeoutMs: 50,
      beforeAttempt: (signal) => limiter.acquire('gemini', signal),
      sleep: async (ms) => void (now += ms),
    });
    await provider.edit(request);
    // The retry came 500 ms after the first attempt; its slot was 10 s after the first one.
    expect(slept).toEqual([9_500]);
  });
});

describe('the fallback order', () => {
  const stack = (id: ProviderId, script: Parameters<typeof scriptedAdapter>[1]) => {
    const { adapter, calls } = scriptedAdapter(id, script);
    return { provider: retrying(adapter, { maxRetries: 0 }).provider, calls };
  };

  it('asks the next provider when one is busy or down, and reports who answered', async () => {
    const first = stack('gemini', [busy()]);
    const second = stack('openai', ['ok']);
    const result = await withFallbacks([first.provider, second.provider]).edit(request);
    expect(result).toMatchObject({ provider: 'openai', model: 'openai-model', attempts: 1 });
  });

  it('does not ask another provider to do what one declined', async () => {
    const refusal = new ProviderRefusedError({ provider: 'gemini', detail: 'IMAGE_SAFETY' });
    const first = stack('gemini', [refusal]);
    const second = stack('openai', ['ok']);
    await expect(withFallbacks([first.provider, second.provider]).edit(request)).rejects.toBe(refusal);
    expect(second.calls).toHaveLength(0);
  });

  it("reports the first provider's error when every one fails", async () => {
    const first = stack('gemini', [busy()]);
    const second = stack('bfl', [unavailable()]);
    await expect(withFallbacks([first.provider, second.provider]).edit(request)).rejects.toBeInstanceOf(
      ProviderBusyError,
    );
    expect(second.calls).toHaveLength(1);
  });
});

describe('the in-memory schedule', () => {
  it('spaces slots evenly and refuses one beyond the longest wait', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.reserve('k', 3_000, 10_000)).toEqual({ reserved: true, waitMs: 0 });
    expect(await store.reserve('k', 3_000, 10_000)).toEqual({ reserved: true, waitMs: 3_000 });
    now += 1_000;
    expect(await store.reserve('k', 3_000, 10_000)).toEqual({ reserved: true, waitMs: 5_000 });
    expect(await store.reserve('k', 3_000, 5_000)).toEqual({ reserved: false, waitMs: 8_000 });
    now += 60_000;
    expect(await store.reserve('k', 3_000, 0)).toEqual({ reserved: true, waitMs: 0 });
  });
});
