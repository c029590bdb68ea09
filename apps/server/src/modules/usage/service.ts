import { HttpError } from '../../infrastructure/http/errors';
import type { Db } from '../../infrastructure/db/client';
import {
  claimOverage,
  endPaidPeriodsAfter,
  ensurePaidPeriod,
  findCurrentPeriod,
  findLatestPeriod,
  findUnbilledOverage,
  hasPaidPeriod,
  insertPeriod,
  releaseOverageClaim,
  reserveImages,
  returnImage,
} from './repository';

/*
 * The ledger of images: one usage period per trial or paid billing period, with what it includes and what
 * was used. Access (who may upload) reads it; billing opens, ends and bills paid periods; photos reserve
 * images and give them back.
 */

export type { PaidPeriod, UsagePeriodRow } from './repository';
export {
  claimOverage,
  endPaidPeriodsAfter,
  ensurePaidPeriod,
  findCurrentPeriod,
  findLatestPeriod,
  findUnbilledOverage,
  hasPaidPeriod,
  releaseOverageClaim,
};

/** Opens the trial's period (access decides when). */
export async function openTrialPeriod(db: Db, userId: string, images: number, startsAt: Date, endsAt: Date) {
  await insertPeriod(db, { userId, kind: 'trial', imagesIncluded: images, startsAt, endsAt });
}

/**
 * Reserves `count` images inside the caller's transaction, or refuses with the SPEC message
 * naming how many are left.
 */
export async function reserveForUpload(db: Db, userId: string, count: number, now: Date): Promise<string> {
  const period = await findCurrentPeriod(db, userId, now);
  if (period && (await reserveImages(db, period.id, count, now))) return period.id;
  const fresh = period ? await findCurrentPeriod(db, userId, now) : undefined;
  const left = fresh ? Math.max(0, fresh.imagesIncluded - fresh.imagesUsed) : 0;
  const isTrial = !period || period.kind === 'trial';
  throw new HttpError(
    403,
    `You have ${left} image(s) left in your ${isTrial ? 'trial' : 'plan'}. Please upload ${left} or upgrade your plan to upload more.`,
    isTrial ? 'UPLOAD_LIMIT_EXCEEDED' : 'PLAN_LIMIT_EXCEEDED',
  );
}

/** Gives a failed photo's image back to the period it was taken from. */
export async function giveImageBack(db: Db, periodId: string) {
  await returnImage(db, periodId);
}
