import type { BillingStatus, BillingSubscriptionStatus, PlanName, UsageStats } from '@hearth/contracts';

/** SPEC §9: what the usage display assumes when the data leaves it out. */
export const DEFAULT_IMAGES_INCLUDED = 250;

/** SPEC §4 "Subscription (billing view)" status labels. */
export const STATUS_LABELS: Record<BillingSubscriptionStatus, string> = {
  active: 'Active',
  canceling: 'Canceling',
  canceled: 'Canceled',
  past_due: 'Past Due',
  paused: 'Paused',
  unpaid: 'Unpaid',
  trialing: 'Trial',
  none: 'No Subscription',
};

/** SPEC §9: money in en-US format, amounts in minor units divided by 100 ('$99.00'). */
export function formatMoney(amountMinor: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountMinor / 100,
  );
}

/** A plan tile's headline price: whole dollars without cents ('$49'), cents only when there are some. */
export function formatPlanPrice(amountMinor: number, currency = 'usd'): string {
  const whole = amountMinor % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountMinor / 100);
}

export type UsageBarColor = 'green' | 'yellow' | 'red';

/** SPEC §2 Usage Overview and §9: green normally, yellow at 80% or more used, red above the included amount. */
export function usageBarColor(used: number, included: number): UsageBarColor {
  if (included <= 0) return used > 0 ? 'red' : 'green';
  if (used > included) return 'red';
  return used / included >= 0.8 ? 'yellow' : 'green';
}

/** Percent of the included images used, rounded; it may pass 100 (the bar itself stops at full). */
export function usagePercent(used: number, included: number): number {
  if (included <= 0) return used > 0 ? 100 : 0;
  return Math.round((used / included) * 100);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days left in the period, to the nearest whole day, so a fresh period shows its length (Nov 24 → Dec 24: 30)
 * even when `now` is a little behind (the page's clock ticks once a minute, and browser and server clocks
 * differ); rounding up made that 31. The last hours still count as 1; 0 once it has ended, null without an end.
 */
export function daysLeft(periodEnd: string | null, now: number): number | null {
  if (!periodEnd) return null;
  const msLeft = new Date(periodEnd).getTime() - now;
  if (msLeft <= 0) return 0;
  return Math.max(1, Math.round(msLeft / DAY_MS));
}

export interface PlanButtonContext {
  /** The plan of the user's subscription, or of the one that was canceled; null without one. */
  currentPlan: PlanName | null;
  canceled: boolean;
  /** The plan whose checkout is opening, if any. */
  openingPlan: PlanName | null;
}

export interface PlanButton {
  label: string;
  disabled: boolean;
}

/** SPEC §4 plan button labels: 'Current Plan', 'Get Started', 'Upgrade to Pro', 'Downgrade to ...'. */
export function planButton(plan: PlanName, { currentPlan, canceled, openingPlan }: PlanButtonContext): PlanButton {
  if (openingPlan === plan) return { label: 'Opening Checkout...', disabled: true };
  const busy = openingPlan !== null;
  if (currentPlan === plan && !canceled) return { label: 'Current Plan', disabled: true };
  const other = currentPlan !== null && currentPlan !== plan;
  switch (plan) {
    case 'Starter':
      return { label: other ? 'Downgrade to Starter' : 'Get Started', disabled: busy };
    case 'Pro':
      if (currentPlan === 'Starter') return { label: 'Upgrade to Pro', disabled: busy };
      return { label: other ? 'Downgrade to Pro' : 'Get Started', disabled: busy };
    case 'Elite':
      return { label: 'Get Started', disabled: busy };
  }
}

export interface BillingSections {
  trialBanner: boolean;
  paymentFailed: boolean;
  subscriptionEnding: boolean;
  subscriptionCanceled: boolean;
  /** 'details' for an active-like paid subscription, 'none' for 'No active subscription', null to hide the card. */
  usageOverview: 'details' | 'none' | null;
  plansCard: boolean;
  managementCard: boolean;
}

/** Which banners and cards the billing page shows (SPEC §2 /billing), from billing status and usage stats. */
export function billingSections(
  billing: Pick<BillingStatus, 'hasSubscription' | 'subscriptionStatus' | 'cancelAtPeriodEnd'>,
  usage: Pick<UsageStats, 'subscriptionType'> | undefined,
): BillingSections {
  const canceled = billing.subscriptionStatus === 'canceled';
  // A subscription that has already ended is canceled, whatever its last schedule said.
  const ending = billing.cancelAtPeriodEnd && !canceled;
  const usageType = usage?.subscriptionType;
  return {
    trialBanner: usageType === 'trial',
    paymentFailed: billing.subscriptionStatus === 'past_due',
    subscriptionEnding: ending,
    subscriptionCanceled: (usageType === 'canceled' || canceled) && !ending,
    usageOverview:
      usageType === undefined || usageType === 'canceled' || usageType === 'trial'
        ? null
        : usageType === 'paid' || usageType === 'past_due'
          ? 'details'
          : 'none',
    plansCard: !billing.hasSubscription || canceled,
    managementCard: billing.hasSubscription || canceled,
  };
}

/** Images used against the included amount, with the SPEC defaults where the data has none. */
export function usageOverview(
  stats: Pick<UsageStats, 'imagesUsed' | 'imagesIncluded' | 'overageImages' | 'overageCost'>,
) {
  const included = stats.imagesIncluded > 0 ? stats.imagesIncluded : DEFAULT_IMAGES_INCLUDED;
  return {
    used: stats.imagesUsed,
    included,
    left: Math.max(0, included - stats.imagesUsed),
    percent: usagePercent(stats.imagesUsed, included),
    color: usageBarColor(stats.imagesUsed, included),
    overage:
      stats.overageImages > 0
        ? `+${stats.overageImages} overage (${formatMoney(Math.round(stats.overageCost * 100))})`
        : null,
  };
}
