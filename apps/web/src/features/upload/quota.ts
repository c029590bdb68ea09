import type { UsageStats } from '@hearth/contracts';

export interface QuotaProblem {
  title: 'Upload Limit Exceeded' | 'Plan Limit Exceeded';
  description: string;
}

/**
 * SPEC §5: a selection larger than what is left raises 'Upload Limit Exceeded' during the trial and
 * 'Plan Limit Exceeded' on a plan; imagesRemaining -1 means unlimited. The server enforces the same
 * limit atomically; this check only warns before anything is sent.
 */
export function checkQuota(
  stats: Pick<UsageStats, 'subscriptionType' | 'imagesRemaining'>,
  count: number,
): QuotaProblem | null {
  const left = stats.imagesRemaining;
  if (left < 0 || count <= left) return null;
  return quotaProblem(stats.subscriptionType === 'trial' ? 'trial' : 'plan', left);
}

export function quotaProblem(kind: 'trial' | 'plan', left: number): QuotaProblem {
  return {
    title: kind === 'trial' ? 'Upload Limit Exceeded' : 'Plan Limit Exceeded',
    description: `You have ${left} image(s) left in your ${kind}. Please upload ${left} or upgrade your plan to upload more.`,
  };
}

/** The server's refusal codes for a full allowance (its message already carries the SPEC wording). */
export function quotaTitleForCode(code: string | undefined): QuotaProblem['title'] | null {
  if (code === 'UPLOAD_LIMIT_EXCEEDED') return 'Upload Limit Exceeded';
  if (code === 'PLAN_LIMIT_EXCEEDED') return 'Plan Limit Exceeded';
  return null;
}
