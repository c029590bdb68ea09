import { sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';

const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 60 * MINUTE_SECONDS;
/** A successful sign-in makes its address one the owner uses, for this long. */
const KNOWN_ADDRESS_DAYS = 90;
/** After the free failures of a pair, the waits double from one minute up to an hour. */
const FIRST_DELAY_SECONDS = MINUTE_SECONDS;
const LONGEST_DELAY_SECONDS = HOUR_SECONDS;

export interface SignInLimits {
  /** Wrong passwords one client address may try on one account before each next try waits, doubling. */
  freeFailuresPerAccountAddress: number;
  /** Wrong passwords one client address may try across all accounts in 15 minutes. */
  maxFailuresPerIpPer15Min: number;
  /** Wrong passwords from addresses the owner has not signed in from, per account per hour. */
  maxFailuresPerAccountPerHour: number;
}

type Scope = 'account-address' | 'address' | 'account';

interface CounterRule {
  scope: Scope;
  windowSeconds: number;
  maxAttempts: number;
  /** Attempts before each next one has to wait; at least maxAttempts for a plain cap. */
  freeAttempts: number;
}

export type Refusal =
  | { kind: 'account-address'; retryAfterSeconds: number }
  | { kind: 'address'; retryAfterSeconds: number }
  /** The account is closed to addresses its owner has not used; the owner is mailed a sign-in link. */
  | { kind: 'account'; retryAfterSeconds: number };

export interface Reservation {
  email: string;
  ip: string;
  /** The counters this attempt was written into, to keep or give back once the outcome is known. */
  reserved: { scope: Scope; key: string }[];
}

export type Outcome = 'signed-in' | 'wrong-password' | 'not-judged';

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
  }
}

/**
 * The sign-in throttle. An attempt is reserved before the password is checked, atomically in the database
 * (one conditional upsert per counter, in one transaction), so concurrent attempts and other API processes
 * cannot overshoot a limit; it is kept when the password was wrong and given back otherwise.
 *
 * Three counters (see docs/decisions/005): per (account, client address) with a progressive delay, per
 * client address, and per account for addresses the owner has not signed in from. A stranger can thus
 * slow down only their own addresses; the owner keeps signing in from their usual address, and from a new
 * one is mailed a one-time sign-in link.
 */
export function createSignInThrottle(db: Db, limits: SignInLimits) {
  const rules: Record<Scope, CounterRule> = {
    'account-address': {
      scope: 'account-address',
      windowSeconds: HOUR_SECONDS,
      maxAttempts: 2_147_483_647, // no cap: the delay limits a pair
      freeAttempts: limits.freeFailuresPerAccountAddress,
    },
    address: {
      scope: 'address',
      windowSeconds: 15 * MINUTE_SECONDS,
      maxAttempts: limits.maxFailuresPerIpPer15Min,
      freeAttempts: limits.maxFailuresPerIpPer15Min,
    },
    account: {
      scope: 'account',
      windowSeconds: HOUR_SECONDS,
      maxAttempts: limits.maxFailuresPerAccountPerHour,
      freeAttempts: limits.maxFailuresPerAccountPerHour,
    },
  };

  return {
    /** Reserves one attempt on every counter that applies, or refuses and writes nothing. */
    async reserve(email: string, ip: string): Promise<{ reservation: Reservation } | { refusal: Refusal }> {
      const pairKey = accountAddressKey(email, ip);
      try {
        const reserved = await db.transaction(async (tx) => {
          // Always in this order (pair, address, account), so concurrent transactions cannot deadlock.
          const pair = await reserveOn(tx, rules['account-address'], pairKey);
          await reserveOn(tx, rules.address, ip);
          const done: Reservation['reserved'] = [
            { scope: 'account-address', key: pairKey },
            { scope: 'address', key: ip },
          ];
          if (!pair.knownAddress) {
            await reserveOn(tx, rules.account, email);
            done.push({ scope: 'account', key: email });
          }
          return done;
        });
        return { reservation: { email, ip, reserved } };
      } catch (error) {
        if (error instanceof Refused) return { refusal: error.refusal };
        throw error;
      }
    },

    /** Keeps the attempt when the password was wrong; otherwise gives it back (and a sign-in clears the pair). */
    async settle(reservation: Reservation, outcome: Outcome): Promise<void> {
      if (outcome === 'wrong-password') {
        await db.execute(sql`
          DELETE FROM sign_in_counter
          WHERE window_started_at < now() - interval '1 day'
            AND next_attempt_at < now()
            AND (last_success_at IS NULL OR last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}::integer))`);
        return;
      }
      for (const { scope, key } of reservation.reserved) {
        if (scope === 'account-address' && outcome === 'signed-in') continue;
        await db.execute(sql`
          UPDATE sign_in_counter
          SET attempts = greatest(attempts - 1, 0),
              next_attempt_at = CASE WHEN attempts - 1 < ${rules[scope].freeAttempts}::integer THEN now() ELSE next_attempt_at END
          WHERE scope = ${scope} AND key = ${key}`);
      }
      if (outcome === 'signed-in') await this.recordSignIn(reservation.email, reservation.ip);
    },

    /** A successful sign-in, by password or by a mailed link: the address becomes a known one, its pair clear. */
    async recordSignIn(email: string, ip: string): Promise<void> {
      await db.execute(sql`
        INSERT INTO sign_in_counter (scope, key, attempts, window_started_at, next_attempt_at, last_success_at)
        VALUES ('account-address', ${accountAddressKey(email, ip)}, 0, now(), now(), now())
        ON CONFLICT (scope, key) DO UPDATE
        SET attempts = 0, window_started_at = now(), next_attempt_at = now(), last_success_at = now()`);
    },

    /**
     * True once per account window: whether the owner should now be mailed a sign-in link. Atomic, so a
     * storm of refused attempts sends one mail.
     */
    async claimSignInLinkMail(email: string): Promise<boolean> {
      const claimed = await db.execute(sql`
        UPDATE sign_in_counter SET link_sent_at = now()
        WHERE scope = 'account' AND key = ${email}
          AND (link_sent_at IS NULL OR link_sent_at < window_started_at)
        RETURNING key`);
      return rowsOf(claimed).length > 0;
    },
  };
}

/**
 * One conditional upsert: a new window starts at one attempt; otherwise the attempt is added only while the
 * counter is under its cap and past its wait, and the wait for the next one is set from the new count.
 * The wait is compared with the clock, not now(): now() is when this transaction began, and a transaction
 * that queued behind a concurrent one for the row would otherwise find "next attempt at" (the other's now())
 * still ahead of it and refuse a free attempt.
 */
async function reserveOn(tx: Pick<Db, 'execute'>, rule: CounterRule, key: string) {
  const windowAge = sql`make_interval(secs => ${rule.windowSeconds}::integer)`;
  const expired = sql`sign_in_counter.window_started_at <= now() - ${windowAge}`;
  const attempts = sql`CASE WHEN ${expired} THEN 1 ELSE sign_in_counter.attempts + 1 END`;
  const result = await tx.execute(sql`
    INSERT INTO sign_in_counter (scope, key, attempts, window_started_at, next_attempt_at)
    VALUES (${rule.scope}, ${key}, 1, now(), now() + ${delayAfter(sql`1`, rule)})
    ON CONFLICT (scope, key) DO UPDATE
    SET attempts = ${attempts},
        window_started_at = CASE WHEN ${expired} THEN now() ELSE sign_in_counter.window_started_at END,
        next_attempt_at = now() + ${delayAfter(attempts, rule)}
    WHERE sign_in_counter.next_attempt_at <= clock_timestamp()
      AND (${expired} OR sign_in_counter.attempts < ${rule.maxAttempts}::integer)
    RETURNING coalesce(last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}::integer), false) AS known`);
  const row = rowsOf(result)[0];
  if (!row) throw new Refused({ kind: rule.scope, retryAfterSeconds: await secondsUntilNextAttempt(tx, rule, key) });
  return { knownAddress: row.known === true };
}

/** The wait before the attempt after the `attempts`-th: none while free, then 1, 2, 4 … 32, 60 minutes. */
function delayAfter(attempts: ReturnType<typeof sql>, rule: CounterRule) {
  const doublings = sql`least(${attempts} - ${rule.freeAttempts}::integer, 12)`;
  return sql`CASE WHEN ${attempts} < ${rule.freeAttempts}::integer THEN interval '0'
    ELSE make_interval(secs => least(${FIRST_DELAY_SECONDS}::float8 * power(2::float8, ${doublings}), ${LONGEST_DELAY_SECONDS}::float8))
    END`;
}

async function secondsUntilNextAttempt(tx: Pick<Db, 'execute'>, rule: CounterRule, key: string): Promise<number> {
  const result = await tx.execute(sql`
    SELECT ceil(extract(epoch FROM greatest(
      next_attempt_at - now(),
      CASE WHEN attempts >= ${rule.maxAttempts}::integer
        THEN window_started_at + make_interval(secs => ${rule.windowSeconds}::integer) - now()
        ELSE interval '0' END
    )))::integer AS seconds
    FROM sign_in_counter WHERE scope = ${rule.scope} AND key = ${key}`);
  const seconds = Number(rowsOf(result)[0]?.seconds ?? 1);
  return Math.max(1, seconds);
}

function accountAddressKey(email: string, ip: string) {
  return `${email} ${ip}`;
}

/** node-postgres answers with a result object, PGlite with one too; both carry `rows`. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
