import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usagePeriod, user } from '../../db/schema';

export type UsagePeriodRow = typeof usagePeriod.$inferSelect;

export async function findTrialFacts(db: Db, userId: string) {
  const [row] = await db
    .select({ trialStartedAt: user.trialStartedAt, trialUsed: user.trialUsed })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** A plan's period always comes before the trial's: the trial's 10 images never stand in for a plan's allowance. */
const paidFirst = sql`(${usagePeriod.kind} = 'paid') desc`;

/** The period in force now, if any. */
export async function findCurrentPeriod(db: Db, userId: string, now: Date): Promise<UsagePeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(usagePeriod)
    .where(and(eq(usagePeriod.userId, userId), lte(usagePeriod.startsAt, now), gt(usagePeriod.endsAt, now)))
    .orderBy(paidFirst, desc(usagePeriod.endsAt))
    .limit(1);
  return row;
}

/** The newest period, even if it has ended (an expired trial still shows what was used); a plan's first. */
export async function findLatestPeriod(db: Db, userId: string): Promise<UsagePeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(usagePeriod)
    .where(eq(usagePeriod.userId, userId))
    .orderBy(paidFirst, desc(usagePeriod.startsAt))
    .limit(1);
  return row;
}

/** Marks the trial as started, once per user; false when it was already used. */
export async function claimTrial(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ trialStartedAt: now, trialUsed: true, subscriptionStatus: 'trial' })
    .where(and(eq(user.id, userId), eq(user.trialUsed, false)))
    .returning({ id: user.id });
  return rows.length === 1;
}

export async function insertPeriod(db: Db, period: typeof usagePeriod.$inferInsert) {
  const [row] = await db.insert(usagePeriod).values(period).returning();
  return row!;
}

/**
 * Takes `count` images from the period in one conditional UPDATE: the row lock makes concurrent
 * reservations queue up, and each re-checks the limit, so the allowance can never be overshot.
 */
export async function reserveImages(db: Db, periodId: string, count: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(usagePeriod)
    .set({ imagesUsed: sql`${usagePeriod.imagesUsed} + ${count}` })
    .where(
      and(
        eq(usagePeriod.id, periodId),
        gt(usagePeriod.endsAt, now),
        sql`(${usagePeriod.allowOverage} OR ${usagePeriod.imagesUsed} + ${count} <= ${usagePeriod.imagesIncluded})`,
      ),
    )
    .returning({ id: usagePeriod.id });
  return rows.length === 1;
}

export async function returnImage(db: Db, periodId: string) {
  await db
    .update(usagePeriod)
    .set({ imagesUsed: sql`${usagePeriod.imagesUsed} - 1` })
    .where(and(eq(usagePeriod.id, periodId), gt(usagePeriod.imagesUsed, 0)));
}
