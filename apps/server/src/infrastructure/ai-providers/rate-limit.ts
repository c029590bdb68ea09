import { ProviderBusyError } from './errors';
import type { ProviderId } from './provider';

/**
 * Images-per-minute limit for each provider, shared by every worker. Calls are spaced evenly, one every
 * 60/N seconds: a caller reserves the next free slot and sleeps until it, so waiting callers go in order and
 * no minute ever holds more than N starts (plus the one on its boundary). The schedule lives in a store:
 * in memory for one process, or in the database (SqlRateLimitStore) for all of them.
 */

export interface SlotReservation {
  /** True when a slot was reserved; `waitMs` is then how long until it starts. */
  reserved: boolean;
  waitMs: number;
}

export interface RateLimitStore {
  /**
   * Reserves the next slot of `key`, `intervalMs` after the last one (or now, if that is later), unless it
   * starts more than `maxWaitMs` from now; in that case nothing is reserved and `waitMs` says when it would.
   */
  reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<SlotReservation>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly nextSlot = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<SlotReservation> {
    const now = this.now();
    const start = Math.max(this.nextSlot.get(key) ?? now, now);
    if (start - now > maxWaitMs) return { reserved: false, waitMs: start - now };
    this.nextSlot.set(key, start + intervalMs);
    return { reserved: true, waitMs: start - now };
  }
}

/** The part of the app's Database the SQL store uses (`Database.query` in db/client.ts). */
export interface SqlQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

// One statement, so concurrent workers serialise on the row lock that INSERT … ON CONFLICT takes; the
// database clock is used so that workers on different machines agree on "now".
const RESERVE_SQL = `
WITH clock AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms)
INSERT INTO ai_rate_limits AS limits (key, next_slot_ms)
SELECT $1, clock.now_ms + $2::bigint FROM clock
ON CONFLICT (key) DO UPDATE
  SET next_slot_ms = GREATEST(limits.next_slot_ms, (SELECT now_ms FROM clock)) + $2::bigint
  WHERE limits.next_slot_ms - (SELECT now_ms FROM clock) <= $3::bigint
RETURNING limits.next_slot_ms - $2::bigint - (SELECT now_ms FROM clock) AS wait_ms`;

const PEEK_SQL = `
SELECT next_slot_ms - floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS wait_ms
FROM ai_rate_limits WHERE key = $1`;

/** The schedule in the `ai_rate_limits` table (infrastructure/db/schema.ts, migration 0004), shared by every process on the database. */
export class SqlRateLimitStore implements RateLimitStore {
  constructor(private readonly database: SqlQueryable) {}

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<SlotReservation> {
    const interval = Math.max(1, Math.round(intervalMs));
    const { rows } = await this.database.query(RESERVE_SQL, [key, interval, Math.round(maxWaitMs)]);
    if (rows[0]) return { reserved: true, waitMs: Math.max(0, Number(rows[0].wait_ms)) };
    const peek = await this.database.query(PEEK_SQL, [key]);
    return { reserved: false, waitMs: Math.max(0, Number(peek.rows[0]?.wait_ms ?? 0)) };
  }
}

export interface RateLimiterOptions {
  imagesPerMinute: number;
  /** Longer than this in the queue and the call fails as busy rather than hold a worker. */
  maxWaitMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export class ProviderRateLimiter {
  readonly intervalMs: number;
  private readonly maxWaitMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    private readonly store: RateLimitStore,
    options: RateLimiterOptions,
  ) {
    this.intervalMs = 60_000 / options.imagesPerMinute;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** Waits for this provider's next slot; returns how long it waited. */
  async acquire(provider: ProviderId, signal?: AbortSignal): Promise<number> {
    signal?.throwIfAborted();
    const { reserved, waitMs } = await this.store.reserve(provider, this.intervalMs, this.maxWaitMs);
    if (!reserved) {
      throw new ProviderBusyError({
        provider,
        detail: `Hearth's own limit of ${Math.round(60_000 / this.intervalMs)} images a minute: the next slot is ${Math.ceil(waitMs / 1000)} s away`,
        retryAfterMs: waitMs,
      });
    }
    if (waitMs > 0) await this.sleep(waitMs, signal);
    return waitMs;
  }
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
