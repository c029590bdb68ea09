const DAY_MS = 24 * 60 * 60 * 1000;
const SHOW_AT_DAYS = 7;
const URGENT_AT_DAYS = 3;

export interface RetentionBadge {
  label: string;
  tone: 'notice' | 'urgent' | 'expired';
}

/** Whole days left until the project's photos are deleted, rounded up (a few hours left is '1d left'). */
export function daysLeft(expiresAt: string, now: number): number {
  return Math.ceil((new Date(expiresAt).getTime() - now) / DAY_MS);
}

/**
 * SPEC §4: shown only when 7 or fewer days remain, reading 'Nd left'; orange at 3 or fewer; at 0 or
 * fewer it reads 'Expired' in red.
 */
export function retentionBadge(expiresAt: string, now: number): RetentionBadge | null {
  const days = daysLeft(expiresAt, now);
  if (days > SHOW_AT_DAYS) return null;
  if (days <= 0) return { label: 'Expired', tone: 'expired' };
  return { label: `${days}d left`, tone: days <= URGENT_AT_DAYS ? 'urgent' : 'notice' };
}
