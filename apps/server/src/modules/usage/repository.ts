import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { usagePeriod } from '../../infrastructure/db/schema';

export type UsagePeriodRow = typeof usagePeriod.$inferSelect;

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

export interface PaidPeriod {
  userId: string;
  providerSubscriptionId: string;
  planName: string;
  imagesIncluded: number;
  overagePricePerImage: number | null;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Makes sure the billing period has its allowance row, once; when the plan changed within the period,
 * the row takes the new plan's allowance and keeps what was used. An earlier period of the subscription
 * ends where this one starts (a renewal brought forward, e.g. a billing date moved), so periods never overlap.
 */
export async function ensurePaidPeriod(db: Db, period: PaidPeriod) {
  await db
    .update(usagePeriod)
    .set({ endsAt: period.startsAt })
    .where(
      and(
        eq(usagePeriod.kind, 'paid'),
        eq(usagePeriod.providerSubscriptionId, period.providerSubscriptionId),
        lt(usagePeriod.startsAt, period.startsAt),
        gt(usagePeriod.endsAt, period.startsAt),
      ),
    );
  const terms = {
    planName: period.planName,
    imagesIncluded: period.imagesIncluded,
    allowOverage: period.overagePricePerImage !== null,
    overagePricePerImage: period.overagePricePerImage,
    endsAt: period.endsAt,
  };
  await db
    .insert(usagePeriod)
    .values({
      ...terms,
      kind: 'paid',
      userId: period.userId,
      providerSubscriptionId: period.providerSubscriptionId,
      startsAt: period.startsAt,
    })
    .onConflictDoUpdate({
      target: [usagePeriod.providerSubscriptionId, usagePeriod.startsAt],
      targetWhere: sql`${usagePeriod.kind} = 'paid'`,
      set: terms,
    });
}

/** Ends a paid period now (the subscription was canceled before the period's end). */
export async function endPaidPeriodsAfter(db: Db, providerSubscriptionId: string, now: Date) {
  await db
    .update(usagePeriod)
    .set({ endsAt: now })
    .where(and(eq(usagePeriod.providerSubscriptionId, providerSubscriptionId), gt(usagePeriod.endsAt, now)));
}

/** Ended paid periods with images past their allowance that were not billed yet. */
export async function findUnbilledOverage(db: Db, now: Date) {
  return db
    .select()
    .from(usagePeriod)
    .where(
      and(
        eq(usagePeriod.kind, 'paid'),
        eq(usagePeriod.allowOverage, true),
        lte(usagePeriod.endsAt, now),
        isNull(usagePeriod.overageBilledAt),
        sql`${usagePeriod.imagesUsed} > ${usagePeriod.imagesIncluded}`,
      ),
    );
}

/** Claims a period's overage for billing; false when another worker already did. */
export async function claimOverage(db: Db, periodId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(usagePeriod)
    .set({ overageBilledAt: now })
    .where(and(eq(usagePeriod.id, periodId), isNull(usagePeriod.overageBilledAt)))
    .returning({ id: usagePeriod.id });
  return rows.length === 1;
}

export async function releaseOverageClaim(db: Db, periodId: string) {
  await db.update(usagePeriod).set({ overageBilledAt: null }).where(eq(usagePeriod.id, periodId));
}

/** Whether the user ever had a paid period (a payment may come before its subscription is recorded). */
export async function hasPaidPeriod(db: Db, userId: string): Promise<boolean> {
  const [period] = await db
    .select({ found: sql<number>`1` })
    .from(usagePeriod)
    .where(and(eq(usagePeriod.userId, userId), eq(usagePeriod.kind, 'paid')))
    .limit(1);
  return Boolean(period);
}
