import { describe, expect, it } from 'vitest';
import {
  restrictionOverlayText,
  subscriptionBanner,
  usageAllowance,
  usagePercent,
  usageTone,
} from './subscription-state';

const now = Date.parse('2026-03-01T12:00:00Z');
const base = {
  subscriptionType: 'none' as const,
  trialExpired: false,
  trialEndsAt: null,
  gracePeriodEndDate: null,
  canStartTrial: true,
  canUpload: true,
  restriction: 'Start your free trial to upload and enhance photos.',
};

describe('subscriptionBanner', () => {
  it('offers the trial to someone who never started it', () => {
    expect(subscriptionBanner(base, now)).toEqual({ kind: 'start-trial' });
  });

  it('counts the running trial down', () => {
    const trialEndsAt = '2026-03-02T00:00:00.000Z';
    expect(subscriptionBanner({ ...base, subscriptionType: 'trial', canStartTrial: false, trialEndsAt }, now)).toEqual({
      kind: 'trial',
      endsAt: trialEndsAt,
    });
  });

  it('says the trial expired when the server says so or the countdown reached zero', () => {
    const trial = { ...base, subscriptionType: 'trial' as const, canStartTrial: false };
    expect(subscriptionBanner({ ...trial, trialExpired: true, trialEndsAt: '2026-03-01T00:00:00Z' }, now)).toEqual({
      kind: 'trial-expired',
    });
    expect(subscriptionBanner({ ...trial, trialEndsAt: '2026-03-01T12:00:00Z' }, now)).toEqual({
      kind: 'trial-expired',
    });
  });

  it('says the trial limit is reached when its images are used up before its time', () => {
    const trial = { ...base, subscriptionType: 'trial' as const, canStartTrial: false };
    const trialEndsAt = '2026-03-02T00:00:00.000Z';
    const usedUp = { ...trial, trialEndsAt, canUpload: false, restriction: 'Trial limit reached.' };
    expect(subscriptionBanner(usedUp, now)).toEqual({ kind: 'trial-limit-reached' });
    // Time running out still reads as expired.
    expect(subscriptionBanner({ ...usedUp, trialExpired: true }, now)).toEqual({ kind: 'trial-expired' });
  });

  it("restricts a paid plan whose period's images are used up", () => {
    const paid = { ...base, subscriptionType: 'paid' as const, canStartTrial: false };
    expect(subscriptionBanner({ ...paid, canUpload: false, restriction: 'All used.' }, now)).toEqual({
      kind: 'access-restricted',
      message: 'All used.',
    });
  });

  it('shows no banner on a paid plan', () => {
    expect(subscriptionBanner({ ...base, subscriptionType: 'paid', canStartTrial: false }, now)).toBeNull();
  });

  it('shows the canceled banner', () => {
    expect(subscriptionBanner({ ...base, subscriptionType: 'canceled' }, now)).toEqual({ kind: 'canceled' });
  });

  it('shows a paused subscription as restricted with the server reason, never as canceled', () => {
    const restriction = 'Your subscription is paused. Resume it in the customer portal to upload and enhance photos.';
    expect(subscriptionBanner({ ...base, subscriptionType: 'paused', restriction }, now)).toEqual({
      kind: 'access-restricted',
      message: restriction,
    });
  });

  it('counts the grace period down, then restricts access', () => {
    const overdue = { ...base, subscriptionType: 'past_due' as const };
    expect(subscriptionBanner({ ...overdue, gracePeriodEndDate: '2026-03-03T12:00:00Z' }, now)).toEqual({
      kind: 'payment-overdue',
      graceEndsAt: '2026-03-03T12:00:00Z',
    });
    expect(subscriptionBanner({ ...overdue, gracePeriodEndDate: '2026-03-01T11:59:59Z' }, now)).toEqual({
      kind: 'access-restricted-overdue',
    });
    expect(subscriptionBanner({ ...overdue, gracePeriodEndDate: null }, now)).toEqual({
      kind: 'access-restricted-overdue',
    });
  });

  it('explains a restriction when the trial can no longer be started', () => {
    expect(subscriptionBanner({ ...base, canStartTrial: false }, now)).toEqual({
      kind: 'access-restricted',
      message: base.restriction,
    });
  });
});

describe('restrictionOverlayText', () => {
  it('is absent while the user may upload', () => {
    expect(restrictionOverlayText({ subscriptionType: 'trial', canUpload: true, canStartTrial: false })).toBeNull();
    expect(restrictionOverlayText({ subscriptionType: 'past_due', canUpload: true, canStartTrial: false })).toBeNull();
  });

  it('asks to start the trial before it was ever started', () => {
    expect(restrictionOverlayText({ subscriptionType: 'none', canUpload: false, canStartTrial: true })).toBe(
      'Start trial to add custom instructions',
    );
  });

  it.each(['trial', 'canceled', 'past_due'] as const)('asks for payment when a %s user is blocked', (type) => {
    expect(restrictionOverlayText({ subscriptionType: type, canUpload: false, canStartTrial: false })).toBe(
      'Complete payment to add custom instructions',
    );
  });
});

describe('usageTone and usagePercent', () => {
  it.each([
    [0, 10, 'normal', 0],
    [7, 10, 'normal', 70],
    [8, 10, 'warning', 80],
    [10, 10, 'warning', 100],
    [11, 10, 'over', 100],
    [0, 0, 'normal', 0],
  ] as const)('%i of %i is %s at %i%%', (used, included, tone, percent) => {
    expect(usageTone(used, included)).toBe(tone);
    expect(usagePercent(used, included)).toBe(percent);
  });
});

describe('usageAllowance', () => {
  it('reads -1 remaining as overage on a plan with included images, unlimited without', () => {
    expect(usageAllowance({ subscriptionType: 'paid', imagesIncluded: 400, imagesRemaining: -1 })).toBe('with-overage');
    expect(usageAllowance({ subscriptionType: 'past_due', imagesIncluded: 400, imagesRemaining: -1 })).toBe(
      'with-overage',
    );
    expect(usageAllowance({ subscriptionType: 'paid', imagesIncluded: 0, imagesRemaining: -1 })).toBe('unlimited');
    expect(usageAllowance({ subscriptionType: 'paid', imagesIncluded: 100, imagesRemaining: 40 })).toBe('limited');
    expect(usageAllowance({ subscriptionType: 'trial', imagesIncluded: 10, imagesRemaining: 0 })).toBe('limited');
  });

  it('includes nothing once canceled or before the trial, whatever the last period said', () => {
    expect(usageAllowance({ subscriptionType: 'canceled', imagesIncluded: 400, imagesRemaining: -1 })).toBe('none');
    expect(usageAllowance({ subscriptionType: 'none', imagesIncluded: 0, imagesRemaining: 0 })).toBe('none');
  });
});
