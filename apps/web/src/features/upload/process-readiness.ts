import { LARGE_BATCH_WARNING_AT } from '@hearth/contracts';

export interface ProcessFacts {
  photoCount: number;
  hasTemplate: boolean;
  customText: string;
  canUpload: boolean;
  /** The server's reason when uploads are refused. */
  restriction: string | null;
}

/**
 * SPEC §5: Process Photos needs at least one photo, a template or non-empty custom text, and an active
 * trial, a paid plan or past_due within grace. Returns what is missing, for the hint under the button.
 */
export function processBlocker({ photoCount, hasTemplate, customText, canUpload, restriction }: ProcessFacts) {
  // SPEC §8 'Access Restricted' wording when the server gave no reason of its own.
  if (!canUpload) return restriction ?? 'Please update your subscription to continue using the platform.';
  if (photoCount === 0) return 'Add at least one photo.';
  if (!hasTemplate && customText.trim() === '') return 'Choose a template or write custom instructions.';
  return null;
}

/** SPEC §2: 'Large batch - may take several minutes' at 10 or more photos. */
export const isLargeBatch = (photoCount: number) => photoCount >= LARGE_BATCH_WARNING_AT;
