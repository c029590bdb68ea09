import type { UsageStats } from '@hearth/contracts';
import { imagesToUse } from './image-cost';

export interface QuotaProblem {
  title: 'Upload Limit Exceeded' | 'Plan Limit Exceeded';
  description: string;
}

/**
 * SPEC §5: a request needing more images than are left raises 'Upload Limit Exceeded' during the trial and
 * 'Plan Limit Exceeded' on a plan; imagesRemaining -1 means unlimited. Images, not photos, are compared: each
 * variation of a photo is one image (issue 12). The server enforces the same limit atomically; this check
 * only warns before anything is sent.
 */
export function checkQuota(
  stats: Pick<UsageStats, 'subscriptionType' | 'imagesRemaining'>,
  photos: number,
  variations = 1,
): QuotaProblem | null {
  const left = stats.imagesRemaining;
  if (left < 0 || imagesToUse(photos, variations) <= left) return null;
  return quotaProblem(stats.subscriptionType === 'trial' ? 'trial' : 'plan', left, photos, variations);
}

export function quotaProblem(kind: 'trial' | 'plan', left: number, photos = 1, variations = 1): QuotaProblem {
  const spec = `You have ${left} image(s) left in your ${kind}. Please upload ${left} or upgrade your plan to upload more.`;
  // With variations the photo count alone does not explain the refusal: say how the images add up.
  const sum =
    variations > 1
      ? ` Each variation is one image: ${photos} ${photos === 1 ? 'photo' : 'photos'} × ${variations} variations = ${imagesToUse(photos, variations)} images.`
      : '';
  return { title: kind === 'trial' ? 'Upload Limit Exceeded' : 'Plan Limit Exceeded', description: spec + sum };
}

/** The server's refusal codes for a full allowance (its message already carries the SPEC wording). */
export function quotaTitleForCode(code: string | undefined): QuotaProblem['title'] | null {
  if (code === 'UPLOAD_LIMIT_EXCEEDED') return 'Upload Limit Exceeded';
  if (code === 'PLAN_LIMIT_EXCEEDED') return 'Plan Limit Exceeded';
  return null;
}
