import { describe, expect, it } from 'vitest';
import { headerPlan } from './header-plan';

describe('headerPlan (SPEC §2 dashboard header)', () => {
  it("reads 'Upgrade' during the trial and 'View Plans' without a plan", () => {
    expect(headerPlan({ subscriptionType: 'trial', planName: 'Free Trial' }, 'trial')).toEqual({ kind: 'upgrade' });
    expect(headerPlan({ subscriptionType: 'none', planName: null }, null)).toEqual({ kind: 'view-plans' });
    expect(headerPlan({ subscriptionType: 'canceled', planName: 'Pro' }, 'canceled')).toEqual({
      kind: 'view-plans',
    });
  });

  it('shows a paying user, also one whose payment is overdue, the plan badge', () => {
    expect(headerPlan({ subscriptionType: 'paid', planName: 'Pro' }, 'active')).toEqual({
      kind: 'plan-badge',
      planName: 'Pro',
      pastDue: false,
    });
    expect(headerPlan({ subscriptionType: 'past_due', planName: 'Elite' }, 'past_due')).toEqual({
      kind: 'plan-badge',
      planName: 'Elite',
      pastDue: true,
    });
  });

  it('before usage arrives, follows the user status and shows subscribers nothing yet', () => {
    expect(headerPlan(undefined, 'trial')).toEqual({ kind: 'upgrade' });
    expect(headerPlan(undefined, null)).toEqual({ kind: 'view-plans' });
    expect(headerPlan(undefined, 'active')).toBeNull();
    expect(headerPlan(undefined, 'past_due')).toBeNull();
  });
});
