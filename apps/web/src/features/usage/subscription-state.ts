import type { UsageStats } from '@hearth/contracts';
import { msUntil } from './countdown';

export type SubscriptionBanner =
  | { kind: 'start-trial' }
  | { kind: 'trial'; endsAt: string | null }
  | { kind: 'trial-expired' }
  | { kind: 'trial-limit-reached' }
  | { kind: 'canceled' }
  | { kind: 'payment-overdue'; graceEndsAt: string }
  | { kind: 'access-restricted-overdue' }
  | { kind: 'access-restricted'; message: string | null };

type BannerFacts = Pick<
  UsageStats,
  | 'subscriptionType'
  | 'trialExpired'
  | 'trialEndsAt'
  | 'gracePeriodEndDate'
  | 'canStartTrial'
  | 'canUpload'
  | 'restriction'
>;

/**
 * Which banner the dashboard shows (SPEC §4 "Subscription (dashboard view)"); null for a paid plan.
 * `now` matters because a countdown that reaches zero changes the banner before the server is asked again.
 */
export function subscriptionBanner(stats: BannerFacts, now: number): SubscriptionBanner | null {
  switch (stats.subscriptionType) {
    case 'paid':
      // A plan's images can run out before its period does (when no overage is sold).
      return stats.canUpload ? null : { kind: 'access-restricted', message: stats.restriction };
    case 'trial': {
      const over = stats.trialExpired || (stats.trialEndsAt !== null && msUntil(stats.trialEndsAt, now) === 0);
      if (over) return { kind: 'trial-expired' };
      // Time is left but the trial's images are all used: nothing more can be uploaded.
      if (!stats.canUpload) return { kind: 'trial-limit-reached' };
      return { kind: 'trial', endsAt: stats.trialEndsAt };
    }
    case 'canceled':
      return { kind: 'canceled' };
    case 'paused':
      // Not 'canceled': a paused subscription is resumed in the customer portal; the server says so.
      return { kind: 'access-restricted', message: stats.restriction };
    case 'past_due':
      return stats.gracePeriodEndDate && msUntil(stats.gracePeriodEndDate, now) > 0
        ? { kind: 'payment-overdue', graceEndsAt: stats.gracePeriodEndDate }
        : { kind: 'access-restricted-overdue' };
    case 'none':
      return stats.canStartTrial ? { kind: 'start-trial' } : { kind: 'access-restricted', message: stats.restriction };
  }
}

/**
 * The overlay over templates and custom instructions when access is restricted (SPEC §2), or null
 * when the user may upload. Someone who never started the trial is told to start it; everyone else
 * (expired trial, canceled, overdue) has to pay.
 */
export function restrictionOverlayText(stats: Pick<UsageStats, 'subscriptionType' | 'canUpload' | 'canStartTrial'>) {
  if (stats.canUpload) return null;
  if (stats.subscriptionType === 'none' && stats.canStartTrial) return 'Start trial to add custom instructions';
  return 'Complete payment to add custom instructions';
}

export type UsageTone = 'normal' | 'warning' | 'over';

/** SPEC §9: the usage bar turns yellow at 80% used and red above 100%. */
export function usageTone(used: number, included: number): UsageTone {
  if (included <= 0) return used > 0 ? 'over' : 'normal';
  const ratio = used / included;
  if (ratio > 1) return 'over';
  return ratio >= 0.8 ? 'warning' : 'normal';
}

/** Share of the allowance used, 0–100 for the bar (the text may say more than 100%). */
export function usagePercent(used: number, included: number): number {
  if (included <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / included) * 100));
}

export type UsageAllowance = 'none' | 'limited' | 'with-overage' | 'unlimited';

/**
 * How the usage card reads the allowance. imagesRemaining -1 means uploads never stop: on a plan with
 * included images that is overage (billed per extra image), without any it is truly unlimited. A canceled
 * subscription's last period still reports its numbers, but nothing is included any more.
 */
export function usageAllowance(
  stats: Pick<UsageStats, 'subscriptionType' | 'imagesIncluded' | 'imagesRemaining'>,
): UsageAllowance {
  if (stats.subscriptionType === 'canceled' || stats.subscriptionType === 'paused' || stats.subscriptionType === 'none')
    return 'none';
  if (stats.imagesRemaining < 0) return stats.imagesIncluded > 0 ? 'with-overage' : 'unlimited';
  return stats.imagesIncluded > 0 ? 'limited' : 'none';
}
