import { describe, expect, it } from 'vitest';
import { decideAccess, RESTRICTIONS, type AccessFacts } from './access';

const now = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const facts = (overrides: Partial<AccessFacts>): AccessFacts => ({
  now,
  trialStartedAt: null,
  trialUsed: false,
  subscription: null,
  allowance: null,
  ...overrides,
});

describe('decideAccess', () => {
  it('refuses a user who has not started the trial', () => {
    expect(decideAccess(facts({}))).toMatchObject({
      subscriptionType: 'none',
      canUpload: false,
      restriction: RESTRICTIONS.noTrial,
    });
  });

  it('lets a trial user upload for 24 hours, and not a second longer', () => {
    const during = decideAccess(facts({ trialStartedAt: hoursAgo(23.99), trialUsed: true }));
    expect(during).toMatchObject({ subscriptionType: 'trial', canUpload: true, trialExpired: false });
    expect(during.trialEndsAt!.toISOString()).toBe('2026-03-01T12:00:36.000Z');
    const after = decideAccess(facts({ trialStartedAt: hoursAgo(24), trialUsed: true }));
    expect(after).toMatchObject({ canUpload: false, trialExpired: true, restriction: RESTRICTIONS.trialExpired });
  });

  it('lets paid, canceling and past-due-in-grace users upload; blocks canceled and past grace', () => {
    const sub = (status: 'active' | 'canceling' | 'past_due' | 'canceled', graceHours: number | null = null) =>
      decideAccess(
        facts({
          subscription: { status, gracePeriodEndsAt: graceHours === null ? null : hoursAgo(-graceHours) },
        }),
      );
    expect(sub('active')).toMatchObject({ subscriptionType: 'paid', canUpload: true });
    expect(sub('canceling')).toMatchObject({ subscriptionType: 'paid', canUpload: true });
    expect(sub('past_due', 1)).toMatchObject({ subscriptionType: 'past_due', canUpload: true });
    expect(sub('past_due', -1)).toMatchObject({ canUpload: false, restriction: RESTRICTIONS.paymentOverdue });
    expect(sub('canceled')).toMatchObject({ subscriptionType: 'canceled', canUpload: false });
  });

  it('refuses uploads once a period without overage has no images left, whatever its state', () => {
    const allowance = (kind: 'trial' | 'paid', imagesUsed: number, allowOverage = false) => ({
      kind,
      imagesUsed,
      imagesIncluded: 10,
      allowOverage,
    });
    const trial = (used: number) =>
      decideAccess(facts({ trialStartedAt: hoursAgo(1), trialUsed: true, allowance: allowance('trial', used) }));
    expect(trial(9)).toMatchObject({ canUpload: true, restriction: null });
    expect(trial(10)).toMatchObject({
      subscriptionType: 'trial',
      trialExpired: false,
      canUpload: false,
      restriction: RESTRICTIONS.trialLimitReached,
    });
    const active = { status: 'active' as const, gracePeriodEndsAt: null };
    expect(decideAccess(facts({ subscription: active, allowance: allowance('paid', 10) }))).toMatchObject({
      subscriptionType: 'paid',
      canUpload: false,
      restriction: RESTRICTIONS.planLimitReached,
    });
    expect(decideAccess(facts({ subscription: active, allowance: allowance('paid', 12, true) }))).toMatchObject({
      canUpload: true,
    });
    // An expired trial keeps its own, more pressing reason.
    const expired = decideAccess(
      facts({ trialStartedAt: hoursAgo(25), trialUsed: true, allowance: allowance('trial', 10) }),
    );
    expect(expired.restriction).toBe(RESTRICTIONS.trialExpired);
  });
});
