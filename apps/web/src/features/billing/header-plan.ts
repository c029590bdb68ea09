import type { User, UsageStats } from '@hearth/contracts';

export type HeaderPlan =
  { kind: 'upgrade' } | { kind: 'view-plans' } | { kind: 'plan-badge'; planName: string; pastDue: boolean };

/**
 * SPEC §2 dashboard header: 'Upgrade' during the trial, otherwise 'View Plans'; a paid user (also one whose
 * payment is overdue) sees a badge with the plan name instead. Usage stats decide; until they arrive the
 * user's own status stands in, and a subscriber sees nothing rather than a button that then turns into a badge.
 */
export function headerPlan(
  usage: Pick<UsageStats, 'subscriptionType' | 'planName'> | undefined,
  userStatus: User['subscriptionStatus'] | undefined,
): HeaderPlan | null {
  if (!usage) {
    if (userStatus === 'trial') return { kind: 'upgrade' };
    return userStatus === 'active' || userStatus === 'past_due' ? null : { kind: 'view-plans' };
  }
  switch (usage.subscriptionType) {
    case 'trial':
      return { kind: 'upgrade' };
    case 'paid':
    case 'past_due':
      return usage.planName
        ? { kind: 'plan-badge', planName: usage.planName, pastDue: usage.subscriptionType === 'past_due' }
        : { kind: 'view-plans' };
    default:
      return { kind: 'view-plans' };
  }
}
