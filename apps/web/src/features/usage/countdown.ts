/** Milliseconds from `now` until the ISO instant, never negative; 0 when there is no instant. */
export function msUntil(iso: string | null | undefined, now: number): number {
  if (!iso) return 0;
  return Math.max(0, new Date(iso).getTime() - now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'hh:mm:ss' (SPEC §4: the trial countdown is in hours, minutes and seconds). Hours keep counting past
 * 24, so the 3-day grace period reads '71:59:59' rather than losing its days.
 */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(totalSeconds % 60)}`;
}

/** '5 hours, 3 minutes and 2 seconds' for screen readers, which read 'hh:mm:ss' poorly. */
export function describeCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const units: Array<[number, string]> = [
    [Math.floor(totalSeconds / 3600), 'hour'],
    [Math.floor((totalSeconds % 3600) / 60), 'minute'],
    [totalSeconds % 60, 'second'],
  ];
  const parts = units.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  if (parts.length === 0) return '0 seconds';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
