import { TRIAL_IMAGES, type UsageStats } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import { hasEverSubscribed, planForUser, subscriptionFacts } from '../billing/service';
import { findCurrentPeriod, findLatestPeriod, openTrialPeriod } from '../usage/service';
import { claimTrial, findTrialFacts } from '../users/service';
import { decideAccess, trialEnd, type AccessDecision } from './access';

export const TRIAL_STARTED_MESSAGE = `You can now process up to ${TRIAL_IMAGES} images during your trial period.`;
export const SUBSCRIBED_TRIAL_MESSAGE =
  'The free trial is for accounts without a subscription. Manage your plan on the billing page.';

export async function accessFor(db: Db, userId: string, now: Date): Promise<AccessDecision> {
  const [facts, subscription, period] = await Promise.all([
    findTrialFacts(db, userId),
    subscriptionFacts(db, userId, now),
    findCurrentPeriod(db, userId, now),
  ]);
  if (!facts) throw notFound('User not found');
  const allowance = period
    ? {
        kind: period.kind,
        imagesUsed: period.imagesUsed,
        imagesIncluded: period.imagesIncluded,
        allowOverage: period.allowOverage,
      }
    : null;
  return decideAccess({ now, ...facts, subscription, allowance });
}

/**
 * Starts the 24-hour, 10-image trial; each user gets it once, and only before any subscription (SPEC §4:
 * only when canStartTrial). Claiming the trial locks the user's row, which billing events also lock before
 * they record a subscription, so the check below sees any subscription recorded at the same moment.
 */
export async function startTrial(db: Db, userId: string, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await claimTrial(tx, userId, now))) {
      throw new HttpError(409, 'Your free trial has already been used. Choose a plan to continue.', 'TRIAL_USED');
    }
    if (await hasEverSubscribed(tx, userId)) {
      // Thrown inside the transaction: the claim above is rolled back with it.
      throw new HttpError(409, SUBSCRIBED_TRIAL_MESSAGE, 'HAS_SUBSCRIPTION');
    }
    const endsAt = trialEnd(now);
    await openTrialPeriod(tx, userId, TRIAL_IMAGES, now, endsAt);
    return {
      message: TRIAL_STARTED_MESSAGE,
      trialStartedAt: now.toISOString(),
      trialEndsAt: endsAt.toISOString(),
      imagesIncluded: TRIAL_IMAGES,
    };
  });
}

export async function getUsageStats(db: Db, userId: string, now: Date, retentionDays: number): Promise<UsageStats> {
  const [facts, period, access, paid, subscribed] = await Promise.all([
    findTrialFacts(db, userId),
    findLatestPeriod(db, userId),
    accessFor(db, userId, now),
    planForUser(db, userId),
    hasEverSubscribed(db, userId),
  ]);
  if (!facts) throw notFound('User not found');
  const isPaidPeriod = period?.kind === 'paid';
  const imagesIncluded = period?.imagesIncluded ?? (access.subscriptionType === 'trial' ? TRIAL_IMAGES : 0);
  const imagesUsed = period?.imagesUsed ?? 0;
  const overageImages = Math.max(0, imagesUsed - imagesIncluded);
  return {
    subscriptionType: access.subscriptionType,
    planName: paid?.plan.name ?? period?.planName ?? (period?.kind === 'trial' ? 'Free Trial' : null),
    imagesUsed,
    imagesIncluded,
    imagesRemaining: period?.allowOverage ? -1 : Math.max(0, imagesIncluded - imagesUsed),
    trialExpired: access.trialExpired,
    trialEndsAt: access.trialEndsAt?.toISOString() ?? null,
    gracePeriodEndDate: paid?.gracePeriodEndsAt?.toISOString() ?? null,
    currentPeriodEnd: (paid?.currentPeriodEnd ?? period?.endsAt)?.toISOString() ?? null,
    overageImages: isPaidPeriod ? overageImages : 0,
    overageCost: isPaidPeriod ? (overageImages * (period.overagePricePerImage ?? 0)) / 100 : 0,
    canStartTrial: !facts.trialUsed && !subscribed,
    canUpload: access.canUpload,
    restriction: access.restriction,
    retentionDays: paid?.plan.retentionPeriodDays ?? retentionDays,
  };
}

/** Refuses with the SPEC wording when the user may not upload at all. */
export async function assertCanUpload(db: Db, userId: string, now: Date) {
  const access = await accessFor(db, userId, now);
  if (!access.canUpload) throw new HttpError(403, access.restriction ?? 'Access Restricted', 'ACCESS_RESTRICTED');
  return access;
}
