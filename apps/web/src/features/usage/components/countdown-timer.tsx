import { describeCountdown, formatCountdown } from '../countdown';

/** 'hh:mm:ss', announced as words only when a screen reader user reaches it (not every second). */
export function CountdownTimer({ ms, className }: { ms: number; className?: string }) {
  return (
    <span role="timer" aria-label={describeCountdown(ms)} className={className}>
      <span aria-hidden className="font-mono tabular-nums">
        {formatCountdown(ms)}
      </span>
    </span>
  );
}
