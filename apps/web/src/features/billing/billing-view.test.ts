import { describe, expect, it } from 'vitest';
import {
  billingSections,
  daysLeft,
  formatMoney,
  formatPlanPrice,
  planButton,
  STATUS_LABELS,
  usageBarColor,
  usageOverview,
  usagePercent,
  type PlanButtonContext,
} from './billing-view';

const none: PlanButtonContext = { currentPlan: null, canceled: false, openingPlan: null };

describe('planButton (SPEC §4 plan button labels)', () => {
  it('offers every plan as Get Started without a subscription', () => {
    for (const plan of ['Starter', 'Pro', 'Elite'] as const) {
      expect(planButton(plan, none)).toEqual({ label: 'Get Started', disabled: false });
    }
  });

  it('marks the current plan, disabled, unless it was canceled', () => {
    expect(planButton('Pro', { ...none, currentPlan: 'Pro' })).toEqual({ label: 'Current Plan', disabled: true });
    expect(planButton('Pro', { ...none, currentPlan: 'Pro', canceled: true })).toEqual({
      label: 'Get Started',
      disabled: false,
    });
    expect(planButton('Starter', { ...none, currentPlan: 'Starter', canceled: true }).label).toBe('Get Started');
  });

  it('says upgrade or downgrade relative to the current plan', () => {
    expect(planButton('Pro', { ...none, currentPlan: 'Starter' }).label).toBe('Upgrade to Pro');
    expect(planButton('Pro', { ...none, currentPlan: 'Elite' }).label).toBe('Downgrade to Pro');
    expect(planButton('Starter', { ...none, currentPlan: 'Pro' }).label).toBe('Downgrade to Starter');
    expect(planButton('Starter', { ...none, currentPlan: 'Elite', canceled: true }).label).toBe('Downgrade to Starter');
    expect(planButton('Elite', { ...none, currentPlan: 'Starter' }).label).toBe('Get Started');
    expect(planButton('Elite', { ...none, currentPlan: 'Pro' }).label).toBe('Get Started');
  });

  it('shows Opening Checkout... on the opening plan and holds the others', () => {
    const opening = { ...none, openingPlan: 'Pro' as const };
    expect(planButton('Pro', opening)).toEqual({ label: 'Opening Checkout...', disabled: true });
    expect(planButton('Starter', opening)).toEqual({ label: 'Get Started', disabled: true });
    expect(planButton('Elite', opening)).toEqual({ label: 'Get Started', disabled: true });
  });
});

describe('usage bar', () => {
  it('is green below 80%, yellow from 80% up to the included amount, red above it', () => {
    expect(usageBarColor(0, 400)).toBe('green');
    expect(usageBarColor(319, 400)).toBe('green');
    expect(usageBarColor(320, 400)).toBe('yellow');
    expect(usageBarColor(400, 400)).toBe('yellow');
    expect(usageBarColor(401, 400)).toBe('red');
    expect(usageBarColor(0, 0)).toBe('green');
    expect(usageBarColor(1, 0)).toBe('red');
  });

  it('reports the percent used, past 100 when over', () => {
    expect(usagePercent(0, 400)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(450, 400)).toBe(113);
  });

  it('falls back to 250 included images and prices the overage', () => {
    const stats = { imagesUsed: 12, imagesIncluded: 0, overageImages: 0, overageCost: 0 };
    expect(usageOverview(stats)).toMatchObject({ included: 250, left: 238, percent: 5, overage: null });
    expect(usageOverview({ imagesUsed: 410, imagesIncluded: 400, overageImages: 10, overageCost: 3 })).toMatchObject({
      left: 0,
      color: 'red',
      overage: '+10 overage ($3.00)',
    });
  });
});

describe('money (SPEC §9: en-US, minor units / 100)', () => {
  it('formats amounts with cents', () => {
    expect(formatMoney(9900)).toBe('$99.00');
    expect(formatMoney(44900, 'usd')).toBe('$449.00');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(30)).toBe('$0.30');
    expect(formatMoney(9900, 'eur')).toBe('€99.00');
  });

  it('formats plan prices without empty cents', () => {
    expect(formatPlanPrice(4900)).toBe('$49');
    expect(formatPlanPrice(4950)).toBe('$49.50');
  });
});

describe('daysLeft', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('counts the last hours as a day, never goes below 0, and is null without an end', () => {
    expect(daysLeft('2026-03-31T12:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-03-01T13:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-03-02T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-03-03T02:00:00Z', now)).toBe(2);
    expect(daysLeft('2026-03-01T12:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-02-28T12:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('shows a fresh period as its length, even from a clock a minute behind', () => {
    const start = Date.parse('2026-11-24T14:35:00Z');
    expect(daysLeft('2026-12-24T14:35:00Z', start)).toBe(30);
    expect(daysLeft('2026-12-24T14:35:00Z', start - 60_000)).toBe(30);
    expect(daysLeft('2026-12-24T14:35:00Z', start + 5_000)).toBe(30);
    expect(daysLeft('2026-11-24T14:35:00Z', Date.parse('2026-10-24T14:34:00Z'))).toBe(31);
  });
});

describe('billingSections (SPEC §2 /billing)', () => {
  const status = (overrides: Partial<Parameters<typeof billingSections>[0]> = {}) => ({
    hasSubscription: false,
    subscriptionStatus: 'none' as const,
    cancelAtPeriodEnd: false,
    ...overrides,
  });

  it('a trial user sees the trial banner and the plans, no usage overview or management', () => {
    expect(billingSections(status(), { subscriptionType: 'trial' })).toEqual({
      trialBanner: true,
      paymentFailed: false,
      subscriptionEnding: false,
      subscriptionCanceled: false,
      usageOverview: null,
      plansCard: true,
      managementCard: false,
    });
  });

  it('someone with nothing sees "No active subscription" and the plans', () => {
    expect(billingSections(status(), { subscriptionType: 'none' })).toMatchObject({
      usageOverview: 'none',
      plansCard: true,
      managementCard: false,
    });
  });

  it('a subscriber sees usage and management, not the plans', () => {
    expect(
      billingSections(status({ hasSubscription: true, subscriptionStatus: 'active' }), { subscriptionType: 'paid' }),
    ).toEqual({
      trialBanner: false,
      paymentFailed: false,
      subscriptionEnding: false,
      subscriptionCanceled: false,
      usageOverview: 'details',
      plansCard: false,
      managementCard: true,
    });
  });

  it('a canceling subscription shows Subscription Ending; a past-due one Payment Failed', () => {
    expect(
      billingSections(status({ hasSubscription: true, subscriptionStatus: 'canceling', cancelAtPeriodEnd: true }), {
        subscriptionType: 'paid',
      }),
    ).toMatchObject({ subscriptionEnding: true, subscriptionCanceled: false, plansCard: false });
    expect(
      billingSections(status({ hasSubscription: true, subscriptionStatus: 'past_due' }), {
        subscriptionType: 'past_due',
      }),
    ).toMatchObject({ paymentFailed: true, usageOverview: 'details', managementCard: true });
  });

  it('a canceled subscription shows Subscription Canceled, the plans and management, even if it had been scheduled', () => {
    for (const cancelAtPeriodEnd of [false, true]) {
      expect(
        billingSections(status({ subscriptionStatus: 'canceled', cancelAtPeriodEnd }), {
          subscriptionType: 'canceled',
        }),
      ).toMatchObject({
        subscriptionEnding: false,
        subscriptionCanceled: true,
        usageOverview: null,
        plansCard: true,
        managementCard: true,
      });
    }
  });

  it('has a label for every status', () => {
    expect(Object.values(STATUS_LABELS)).toEqual([
      'Active',
      'Canceling',
      'Canceled',
      'Past Due',
      'Paused',
      'Unpaid',
      'Trial',
      'No Subscription',
    ]);
  });
});
