import { GRACE_DAYS, type BillingStatus, type PlanName } from '@hearth/contracts';
import { addDays } from 'date-fns';
import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import { HttpError } from '../../infrastructure/http/errors';
import { PaymentGatewayError, type PaymentGateway } from '../../infrastructure/payments/payment-gateway';
import { findPlanByName, overageCost, planTerms, type PlanPriceIds } from './plans';
import { claimOverage, findUnbilledOverage, hasPaidPeriod, releaseOverageClaim } from '../usage/service';
import { findCurrentSubscription, hasSubscriptionHistory, type SubscriptionRow } from './repository';

/** What deciding a user's access needs to know of their subscription. */
export interface SubscriptionFacts {
  status: 'active' | 'canceling' | 'past_due' | 'paused' | 'canceled';
  gracePeriodEndsAt: Date | null;
}

const DEFAULT_AMOUNT = 9900;

/** The plan of the user's current subscription, with the dates usage stats report; null without one. */
export async function planForUser(db: Db, userId: string) {
  const row = await findCurrentSubscription(db, userId);
  if (!row) return null;
  return {
    plan: planTerms(row.planId),
    gracePeriodEndsAt: gracePeriodEnd(row),
    currentPeriodEnd: row.currentPeriodEnd,
  };
}

/**
 * Whether the user has or had a subscription (any status), or a paid period (a payment came first): such a
 * user can never start the free trial.
 */
export async function hasEverSubscribed(db: Db, userId: string): Promise<boolean> {
  return (await hasSubscriptionHistory(db, userId)) || hasPaidPeriod(db, userId);
}

/** The subscription part of the access decision (SPEC §6), or null when the user never subscribed. */
export async function subscriptionFacts(db: Db, userId: string, now: Date): Promise<SubscriptionFacts | null> {
  const row = await findCurrentSubscription(db, userId);
  if (!row) return null;
  return { status: accessStatus(row, now), gracePeriodEndsAt: gracePeriodEnd(row) };
}

function accessStatus(row: SubscriptionRow, now: Date): SubscriptionFacts['status'] {
  if (row.status === 'past_due') return 'past_due';
  if (row.status === 'paused') return 'paused';
  if (row.status === 'canceled') return 'canceled';
  // A scheduled cancellation keeps access until the period ends, even before Paddle's canceled event.
  if (row.cancelAtPeriodEnd) return row.currentPeriodEnd && row.currentPeriodEnd > now ? 'canceling' : 'canceled';
  return 'active';
}

export function gracePeriodEnd(row: SubscriptionRow): Date | null {
  return row.status === 'past_due' && row.pastDueSince ? addDays(row.pastDueSince, GRACE_DAYS) : null;
}

/** SPEC §3 "Billing status". */
export async function getBillingStatus(
  db: Db,
  userId: string,
  priceIds: PlanPriceIds,
  now: Date,
): Promise<BillingStatus> {
  const row = await findCurrentSubscription(db, userId);
  if (!row) {
    return {
      hasSubscription: false,
      subscriptionStatus: 'none',
      planName: null,
      amount: DEFAULT_AMOUNT,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    };
  }
  const plan = planTerms(row.planId);
  const status = accessStatus(row, now);
  return {
    // A paused subscription is still the user's: it is resumed in the portal, not bought again.
    hasSubscription: status !== 'canceled',
    subscriptionStatus: status === 'active' && row.status === 'trialing' ? 'trialing' : status,
    planName: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  };
}

interface ManageDeps {
  db: Db;
  gateway: PaymentGateway;
  priceIds: PlanPriceIds;
}

async function requireLiveSubscription(db: Db, userId: string) {
  const row = await findCurrentSubscription(db, userId);
  if (!row || row.status === 'canceled') {
    throw new HttpError(404, 'You have no active subscription. Choose a plan first.', 'NO_SUBSCRIPTION');
  }
  return row;
}

/** Runs a provider call, turning its failures into a 502 with a message a person can act on. */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentGatewayError)
      throw new HttpError(error.status ?? 502, error.message, 'PAYMENT_PROVIDER');
    throw error;
  }
}

export async function openPortal({ db, gateway }: ManageDeps, userId: string) {
  const row = await findCurrentSubscription(db, userId);
  if (!row) throw new HttpError(404, 'You have no subscription yet. Choose a plan first.', 'NO_SUBSCRIPTION');
  return { url: await viaProvider(() => gateway.createPortalUrl(row.providerCustomerId, row.providerSubscriptionId)) };
}

export async function cancelSubscription({ db, gateway }: ManageDeps, userId: string) {
  const row = await requireLiveSubscription(db, userId);
  if (row.cancelAtPeriodEnd) return { message: 'Your subscription is already set to end at the end of this period.' };
  await viaProvider(() => gateway.cancelAtPeriodEnd(row.providerSubscriptionId));
  return { message: 'Your subscription will end at the end of the current billing period.' };
}

export async function reactivateSubscription({ db, gateway }: ManageDeps, userId: string) {
  const row = await requireLiveSubscription(db, userId);
  if (!row.cancelAtPeriodEnd) return { message: 'Your subscription is active and will renew as usual.' };
  await viaProvider(() => gateway.reactivate(row.providerSubscriptionId));
  return { message: 'Your subscription has been reactivated and will renew as usual.' };
}

export async function changePlan({ db, gateway, priceIds }: ManageDeps, userId: string, planName: PlanName) {
  const row = await requireLiveSubscription(db, userId);
  const plan = findPlanByName(planName, priceIds)!;
  if (plan.id === row.planId) throw new HttpError(409, `You are already on the ${plan.name} plan.`, 'SAME_PLAN');
  if (!plan.paddlePriceId) {
    throw new HttpError(422, 'Plan configuration error. Please contact support.', 'PLAN_NOT_CONFIGURED');
  }
  await viaProvider(() => gateway.changePlan(row.providerSubscriptionId, plan.paddlePriceId!));
  return { message: `Your plan is changing to ${plan.name}. You will get an email confirmation.` };
}

/**
 * Bills each ended period's images past its allowance, once: the period is claimed first, and the claim is
 * released if the provider call fails so the next sweep tries again.
 */
export async function billEndedOverage({ db, gateway }: ManageDeps, log: Logger, now = new Date()) {
  let billed = 0;
  for (const period of await findUnbilledOverage(db, now)) {
    if (!period.providerSubscriptionId || !(await claimOverage(db, period.id, now))) continue;
    const { overageImages } = overageCost(
      { imagesIncluded: period.imagesIncluded, overagePricePerImage: period.overagePricePerImage },
      period.imagesUsed,
    );
    try {
      await gateway.chargeOverage(period.providerSubscriptionId, {
        images: overageImages,
        unitPriceCents: period.overagePricePerImage ?? 0,
        currency: 'usd',
        description: `${overageImages} extra images on ${period.planName ?? 'your plan'}`,
      });
      billed++;
    } catch (error) {
      await releaseOverageClaim(db, period.id);
      log.error({ err: error, periodId: period.id }, 'overage charge failed; will retry');
    }
  }
  return billed;
}
