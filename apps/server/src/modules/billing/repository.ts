import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvent, subscription, usagePeriod, user } from '../../db/schema';

export type SubscriptionRow = typeof subscription.$inferSelect;
export type SubscriptionState = Omit<SubscriptionRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Records an event id; false when it was seen before (the event must then not be applied again). */
export async function recordEvent(db: Db, event: typeof billingEvent.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(billingEvent)
    .values(event)
    .onConflictDoNothing({ target: billingEvent.eventId })
    .returning({ eventId: billingEvent.eventId });
  return rows.length === 1;
}

export async function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscription)
    .where(eq(subscription.providerSubscriptionId, providerSubscriptionId));
  return row;
}

/** The owner of another subscription of the same provider customer (an imported one may carry no user id). */
export async function findUserIdByCustomerId(db: Db, providerCustomerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscription.userId })
    .from(subscription)
    .where(eq(subscription.providerCustomerId, providerCustomerId))
    .orderBy(desc(subscription.stateAsOf))
    .limit(1);
  return row?.userId;
}

/**
 * Writes the provider's state unless a newer event already did: the row only changes when this event
 * occurred at or after the one it holds. Returns the row when it was written.
 */
export async function saveSubscriptionState(db: Db, state: SubscriptionState): Promise<SubscriptionRow | undefined> {
  // The owner, provider and id of a subscription never change; the rest follows the newest event.
  const { providerSubscriptionId: _id, userId: _user, provider: _provider, ...changes } = state;
  const [row] = await db
    .insert(subscription)
    .values(state)
    .onConflictDoUpdate({
      target: subscription.providerSubscriptionId,
      set: { ...changes, updatedAt: new Date() },
      setWhere: lte(subscription.stateAsOf, state.stateAsOf),
    })
    .returning();
  return row;
}

/** The subscription that decides the user's access: the newest one not canceled, else the newest. */
export async function findCurrentSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .orderBy(desc(subscription.stateAsOf))
    .limit(5);
  return rows.find((row) => row.status !== 'canceled') ?? rows[0];
}

/**
 * Locks the user's row until the transaction ends. Billing events and the trial start both take this lock
 * first, so a trial can never start while a subscription of the same user is being recorded.
 */
export async function lockUser(db: Db, userId: string) {
  await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

/** Whether the user has or had a paid subscription, in any state, or a paid period (a payment came first). */
export async function hasSubscriptionHistory(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .limit(1);
  if (row) return true;
  const [period] = await db
    .select({ found: sql<number>`1` })
    .from(usagePeriod)
    .where(and(eq(usagePeriod.userId, userId), eq(usagePeriod.kind, 'paid')))
    .limit(1);
  return Boolean(period);
}

export async function setUserSubscriptionStatus(db: Db, userId: string, status: 'active' | 'past_due' | 'canceled') {
  await db.update(user).set({ subscriptionStatus: status }).where(eq(user.id, userId));
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
