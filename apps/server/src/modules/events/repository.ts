import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { eventStream } from '../../infrastructure/db/schema';

/**
 * The `event_stream` table: one row per open live-update stream of any API process, with a lease on the
 * database clock. The per-user cap counts the unexpired rows, so it holds across processes; a process renews
 * its own rows while their streams are open, and the rows of a process that died stop counting when their
 * lease runs out (docs/decisions/075).
 */
export interface StreamLeases {
  /** Records a new stream of the user, or answers null when the user already has `maxPerUser` counting. */
  claim(userId: string): Promise<string | null>;
  /** Extends the leases of these open streams (and records again any that another process reaped). */
  renew(streams: readonly { id: string; userId: string }[]): Promise<void>;
  /** Forgets these streams: they no longer count. */
  release(ids: readonly string[]): Promise<void>;
}

export interface StreamLeaseSettings {
  maxPerUser: number;
  leaseSeconds: number;
}

/** Any fixed number: with the user's hash it names the lock that serialises one user's claims. */
const CLAIM_LOCK_CLASS = 7_412_094;

export function createStreamLeases(db: Db, { maxPerUser, leaseSeconds }: StreamLeaseSettings): StreamLeases {
  const leaseEnd = sql`now() + make_interval(secs => ${leaseSeconds}::integer)`;
  return {
    async claim(userId) {
      return db.transaction(async (tx) => {
        // Two claims of one user (on any process) take turns, so both cannot see room for one more.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}::integer, hashtext(${userId}))`);
        await tx
          .delete(eventStream)
          .where(and(eq(eventStream.userId, userId), lt(eventStream.leaseExpiresAt, sql`now()`)));
        const [{ open } = { open: 0 }] = await tx
          .select({ open: sql<number>`count(*)::integer` })
          .from(eventStream)
          .where(eq(eventStream.userId, userId));
        if (open >= maxPerUser) return null;
        const id = randomUUID();
        await tx.insert(eventStream).values({ id, userId, leaseExpiresAt: leaseEnd });
        return id;
      });
    },

    async renew(streams) {
      if (!streams.length) return;
      const renewed = await db
        .update(eventStream)
        .set({ leaseExpiresAt: leaseEnd })
        .where(
          inArray(
            eventStream.id,
            streams.map((stream) => stream.id),
          ),
        )
        .returning({ id: eventStream.id });
      const found = new Set(renewed.map((row) => row.id));
      // Reaped while this process could not renew them (a database outage longer than the lease): the streams
      // are still open, so they count again. A user deleted meanwhile has no row to point at: skipped.
      for (const { id, userId } of streams.filter((stream) => !found.has(stream.id))) {
        await db.execute(sql`
          INSERT INTO event_stream (id, user_id, lease_expires_at)
          SELECT ${id}::uuid, id, ${leaseEnd} FROM "user" WHERE id = ${userId}
          ON CONFLICT (id) DO NOTHING`);
      }
      // Rows of processes that died, for users who have not opened a stream since.
      await db.delete(eventStream).where(lt(eventStream.leaseExpiresAt, sql`now()`));
    },

    async release(ids) {
      if (ids.length) await db.delete(eventStream).where(inArray(eventStream.id, [...ids]));
    },
  };
}
