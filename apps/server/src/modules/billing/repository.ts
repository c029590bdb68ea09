import { desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { billingEvent, subscription } from '../../infrastructure/db/schema';

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

/** Whether the user has or had a subscription, in any state. */
export async function hasSubscriptionHistory(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .limit(1);
  return Boolean(row);
}
