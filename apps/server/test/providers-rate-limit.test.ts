import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/infrastructure/db/client';
import { ProviderBusyError } from '../src/infrastructure/ai-providers/errors';
import { ProviderRateLimiter, SqlRateLimitStore } from '../src/infrastructure/ai-providers/rate-limit';
import { openTestDatabase } from './helpers/database';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

describe('the images-per-minute schedule in the database', () => {
  it('spaces reservations one interval apart, in the order they were made', async () => {
    const store = new SqlRateLimitStore(database);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { reserved, waitMs } = await store.reserve('spacing', 60_000, 600_000);
      expect(reserved).toBe(true);
      waits.push(waitMs);
    }
    expect(waits[0]).toBe(0);
    // Each later reservation starts one minute after the previous one (less the few ms the queries took).
    for (let i = 1; i < 4; i++) {
      expect(waits[i]! - waits[i - 1]!).toBeGreaterThan(59_000);
      expect(waits[i]! - waits[i - 1]!).toBeLessThanOrEqual(60_000);
    }
  });

  it('hands out distinct slots to concurrent callers on separate connections', async () => {
    const stores = [new SqlRateLimitStore(database), new SqlRateLimitStore(database), new SqlRateLimitStore(database)];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => stores[i % 3]!.reserve('concurrent', 10_000, 600_000)),
    );
    expect(results.every((result) => result.reserved)).toBe(true);
    // Twelve slots 10 s apart: rounded to the slot, every one of 0 … 11 appears once.
    const slots = results.map((result) => Math.round(result.waitMs / 10_000)).sort((a, b) => a - b);
    expect(slots).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('reserves nothing when the next slot is further away than the caller will wait', async () => {
    const store = new SqlRateLimitStore(database);
    await store.reserve('full', 30_000, 600_000);
    await store.reserve('full', 30_000, 600_000);
    const refused = await store.reserve('full', 30_000, 20_000);
    expect(refused.reserved).toBe(false);
    expect(refused.waitMs).toBeGreaterThan(55_000);
    // The refusal did not take the slot: a patient caller gets it.
    const next = await store.reserve('full', 30_000, 600_000);
    expect(next.waitMs).toBeGreaterThan(55_000);
    expect(next.waitMs).toBeLessThanOrEqual(60_000);
  });

  it('keeps each provider on its own schedule, and fails as busy through the limiter when the queue is too long', async () => {
    const store = new SqlRateLimitStore(database);
    const slept: number[] = [];
    const limiter = new ProviderRateLimiter(store, {
      imagesPerMinute: 2,
      maxWaitMs: 45_000,
      sleep: async (ms) => void slept.push(ms),
    });
    expect(await limiter.acquire('gemini')).toBe(0);
    expect(await limiter.acquire('openai')).toBe(0);
    const waited = await limiter.acquire('gemini');
    expect(waited).toBeGreaterThan(29_000);
    const error = await limiter.acquire('gemini').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBusyError);
    expect((error as ProviderBusyError).message).toBe('The AI provider is busy; try again in a few minutes.');
    expect(slept).toEqual([waited]);
  });
});
