import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import type { UserEvent } from '../../infrastructure/event-bus/event-bus';
import type { PaddleEvent, PaddleSubscription, PaddleTransaction } from '../../infrastructure/payments/paddle-events';
import { findPlanInItems, type PlanPriceIds } from './plans';
import { endPaidPeriodsAfter, ensurePaidPeriod } from '../usage/service';
import { lockUser, setSubscriptionStatus } from '../users/service';
import {
  findSubscriptionByProviderId,
  findUserIdByCustomerId,
  recordEvent,
  saveSubscriptionState,
  type SubscriptionRow,
} from './repository';

export interface ApplyContext {
  provider: 'paddle' | 'local-sandbox';
  priceIds: PlanPriceIds;
  log: Logger;
}

export interface Notice {
  userId: string;
  event: UserEvent;
}

export type ApplyOutcome = { result: 'applied' | 'duplicate' | 'ignored'; notices: Notice[] };

/**
 * Applies one verified Paddle event inside the caller's transaction, exactly once (by event id). Events of
 * one subscription take effect in occurred_at order: an older one is recorded but changes nothing.
 * Returns what the user's open tabs should hear once the transaction has committed.
 */
export async function applyPaddleEvent(db: Db, event: PaddleEvent, context: ApplyContext): Promise<ApplyOutcome> {
  const providerSubscriptionId =
    event.kind === 'subscription'
      ? event.subscription.id
      : event.kind === 'transaction'
        ? (event.transaction.subscription_id ?? null)
        : null;
  const isNew = await recordEvent(db, {
    eventId: event.eventId,
    eventType: event.eventType,
    occurredAt: event.occurredAt,
    providerSubscriptionId,
  });
  if (!isNew) return { result: 'duplicate', notices: [] };
  if (event.kind === 'subscription') return applySubscription(db, event, event.subscription, context);
  if (event.kind === 'transaction') return applyTransaction(db, event, event.transaction, context);
  return { result: 'ignored', notices: [] };
}

async function applySubscription(
  db: Db,
  event: PaddleEvent,
  data: PaddleSubscription,
  { provider, priceIds, log }: ApplyContext,
): Promise<ApplyOutcome> {
  const previous = await findSubscriptionByProviderId(db, data.id);
  const userId = previous?.userId ?? data.custom_data?.user_id ?? (await findUserIdByCustomerId(db, data.customer_id));
  const plan = findPlanInItems(data.items, priceIds);
  if (!userId || !plan) {
    log.warn({ eventId: event.eventId, subscriptionId: data.id }, 'billing event for an unknown user or price ignored');
    return { result: 'ignored', notices: [] };
  }
  await lockUser(db, userId);
  const period = data.current_billing_period;
  const saved = await saveSubscriptionState(db, {
    userId,
    provider,
    providerSubscriptionId: data.id,
    providerCustomerId: data.customer_id,
    planId: plan.id,
    status: data.status,
    cancelAtPeriodEnd: data.scheduled_change?.action === 'cancel',
    currentPeriodStart: period ? new Date(period.starts_at) : null,
    currentPeriodEnd: period ? new Date(period.ends_at) : null,
    pastDueSince: data.status === 'past_due' ? (previous?.pastDueSince ?? event.occurredAt) : null,
    stateAsOf: event.occurredAt,
  });
  if (!saved) return { result: 'ignored', notices: [] }; // a newer event already set the state

  if (period && (data.status === 'active' || data.status === 'trialing' || data.status === 'past_due')) {
    await ensurePaidPeriod(db, {
      userId,
      providerSubscriptionId: data.id,
      planName: plan.name,
      imagesIncluded: plan.imagesIncluded,
      overagePricePerImage: plan.overagePricePerImage,
      startsAt: new Date(period.starts_at),
      endsAt: new Date(period.ends_at),
    });
  }
  // A canceled or paused subscription stops its allowance now; a resume re-opens the period it reports.
  if (data.status === 'canceled' || data.status === 'paused') {
    await endPaidPeriodsAfter(db, data.id, event.occurredAt);
  }
  await setSubscriptionStatus(db, userId, userStatus(saved));
  return { result: 'applied', notices: noticesFor(previous, saved, plan.name) };
}

async function applyTransaction(
  db: Db,
  event: PaddleEvent,
  data: PaddleTransaction,
  { priceIds, log }: ApplyContext,
): Promise<ApplyOutcome> {
  if (!data.subscription_id) return { result: 'ignored', notices: [] };
  const current = await findSubscriptionByProviderId(db, data.subscription_id);
  const userId = current?.userId ?? data.custom_data?.user_id;
  if (!userId) {
    log.warn({ eventId: event.eventId }, 'transaction for an unknown subscription ignored');
    return { result: 'ignored', notices: [] };
  }
  await lockUser(db, userId);
  if (event.eventType === 'transaction.payment_failed') {
    // Paddle follows with subscription.past_due; this only records the failure early if it comes first.
    if (current && current.status === 'active' && current.stateAsOf <= event.occurredAt) {
      const { id: _id, createdAt: _created, updatedAt: _updated, ...state } = current;
      await saveSubscriptionState(db, {
        ...state,
        status: 'past_due',
        pastDueSince: event.occurredAt,
        stateAsOf: event.occurredAt,
      });
      await setSubscriptionStatus(db, userId, 'past_due');
    }
    return { result: 'applied', notices: [] };
  }
  // A one-off charge (overage) does not open a period; a first payment or a renewal does.
  const plan = findPlanInItems(data.items, priceIds);
  if (data.origin === 'subscription_charge' || !data.billing_period || !plan) {
    return { result: 'ignored', notices: [] };
  }
  await ensurePaidPeriod(db, {
    userId,
    providerSubscriptionId: data.subscription_id,
    planName: plan.name,
    imagesIncluded: plan.imagesIncluded,
    overagePricePerImage: plan.overagePricePerImage,
    startsAt: new Date(data.billing_period.starts_at),
    endsAt: new Date(data.billing_period.ends_at),
  });
  return { result: 'applied', notices: [] };
}

/** SPEC §3 knows trial, active, canceled and past_due for the user; a paused subscription gives no access. */
function userStatus(row: SubscriptionRow): 'active' | 'past_due' | 'canceled' {
  if (row.status === 'past_due') return 'past_due';
  if (row.status === 'canceled' || row.status === 'paused') return 'canceled';
  return 'active';
}

/** Active or in Paddle's own trial: the plan is in force. */
const isLive = (row: SubscriptionRow) => row.status === 'active' || row.status === 'trialing';

/**
 * SPEC §8: 'Subscription Canceled' when it is (or will be) canceled; 'Subscription Updated' when it is active
 * (again). A pause is neither: no notice, so no one reads 'canceled' about a subscription that can be resumed.
 */
function noticesFor(previous: SubscriptionRow | undefined, saved: SubscriptionRow, planName: string): Notice[] {
  const data = { userId: saved.userId, planName };
  const wasEnding = previous ? previous.cancelAtPeriodEnd || previous.status === 'canceled' : false;
  const isEnding = saved.cancelAtPeriodEnd || saved.status === 'canceled';
  if (isEnding && !wasEnding) return [{ userId: saved.userId, event: { type: 'subscription.canceled', data } }];
  if (!isLive(saved) || isEnding) return [];
  const changed =
    !previous ||
    !isLive(previous) ||
    previous.planId !== saved.planId ||
    previous.cancelAtPeriodEnd !== saved.cancelAtPeriodEnd;
  return changed ? [{ userId: saved.userId, event: { type: 'subscription.updated', data } }] : [];
}
