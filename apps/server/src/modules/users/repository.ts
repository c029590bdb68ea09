import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infrastructure/db/client';
import { user } from '../../infrastructure/db/schema';

export type UserRow = typeof user.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return row;
}

export async function updateUserNames(db: Db, id: string, names: { firstName: string; lastName: string }) {
  const [row] = await db
    .update(user)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`.trim() })
    .where(eq(user.id, id))
    .returning();
  return row;
}

export async function findTrialFacts(db: Db, userId: string) {
  const [row] = await db
    .select({ trialStartedAt: user.trialStartedAt, trialUsed: user.trialUsed })
    .from(user)
    .where(eq(user.id, userId));
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

/**
 * Locks the user's row until the transaction ends. Billing events and the trial start both take this lock
 * first, so a trial can never start while a subscription of the same user is being recorded.
 */
export async function lockUser(db: Db, userId: string) {
  await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

export async function setSubscriptionStatus(db: Db, userId: string, status: 'active' | 'past_due' | 'canceled') {
  await db.update(user).set({ subscriptionStatus: status }).where(eq(user.id, userId));
}
