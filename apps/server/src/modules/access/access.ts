import { TRIAL_HOURS, type SubscriptionType } from '@hearth/contracts';
import type { SubscriptionFacts } from '../billing/service';

/** What the access decision needs to know about a user; pure data so it is easy to test. */
export interface AccessFacts {
  now: Date;
  trialStartedAt: Date | null;
  trialUsed: boolean;
  /** The user's paid subscription, once billing exists; null while there is none. */
  subscription: null | SubscriptionFacts;
  /** The usage period in force now, if any: its images can run out before its time does. */
  allowance: null | {
    kind: 'trial' | 'paid';
    imagesUsed: number;
    imagesIncluded: number;
    allowOverage: boolean;
  };
}

export interface AccessDecision {
  subscriptionType: SubscriptionType;
  canUpload: boolean;
  /** A message a person can act on when uploads are refused. */
  restriction: string | null;
  trialEndsAt: Date | null;
  trialExpired: boolean;
}

export const RESTRICTIONS = {
  noTrial: 'Start your free trial to upload and enhance photos.',
  trialExpired: 'Your free trial has ended. Choose a plan to continue uploading images.',
  paymentOverdue: 'Your payment is past due and the grace period has expired. Complete payment to restore access.',
  canceled: 'Your subscription was canceled. Please resubscribe to upload and enhance photos.',
  paused: 'Your subscription is paused. Resume it in the customer portal to upload and enhance photos.',
  trialLimitReached: 'Trial limit reached. Choose a plan to continue uploading images.',
  planLimitReached: "You have used all of this period's images. Upgrade your plan to upload more.",
} as const;

export const trialEnd = (startedAt: Date) => new Date(startedAt.getTime() + TRIAL_HOURS * 60 * 60 * 1000);

/**
 * The one place that decides who may upload and create projects (SPEC §6). A subscription state that
 * allows uploads still refuses them once the period's images are all used (and no overage is sold):
 * nothing could be processed, so the app must say so instead of offering an upload of 0 photos.
 */
export function decideAccess(facts: AccessFacts): AccessDecision {
  const decision = decideBySubscription(facts);
  const { allowance } = facts;
  const usedUp = allowance !== null && !allowance.allowOverage && allowance.imagesUsed >= allowance.imagesIncluded;
  if (!decision.canUpload || !usedUp) return decision;
  const restriction = allowance.kind === 'trial' ? RESTRICTIONS.trialLimitReached : RESTRICTIONS.planLimitReached;
  return { ...decision, canUpload: false, restriction };
}

function decideBySubscription(facts: AccessFacts): AccessDecision {
  const trialEndsAt = facts.trialStartedAt ? trialEnd(facts.trialStartedAt) : null;
  const trialExpired = trialEndsAt !== null && facts.now >= trialEndsAt;
  const base = { trialEndsAt, trialExpired };
  const { subscription } = facts;

  if (subscription) {
    switch (subscription.status) {
      case 'active':
      case 'canceling':
        return { ...base, subscriptionType: 'paid', canUpload: true, restriction: null };
      case 'past_due': {
        const inGrace = subscription.gracePeriodEndsAt !== null && facts.now < subscription.gracePeriodEndsAt;
        return {
          ...base,
          subscriptionType: 'past_due',
          canUpload: inGrace,
          restriction: inGrace ? null : RESTRICTIONS.paymentOverdue,
        };
      }
      case 'paused':
        return { ...base, subscriptionType: 'paused', canUpload: false, restriction: RESTRICTIONS.paused };
      case 'canceled':
        return { ...base, subscriptionType: 'canceled', canUpload: false, restriction: RESTRICTIONS.canceled };
    }
  }
  if (!facts.trialStartedAt) {
    return { ...base, subscriptionType: 'none', canUpload: false, restriction: RESTRICTIONS.noTrial };
  }
  return {
    ...base,
    subscriptionType: 'trial',
    canUpload: !trialExpired,
    restriction: trialExpired ? RESTRICTIONS.trialExpired : null,
  };
}
