import { cn } from '../../lib/class-names';

const tones = {
  brand: 'bg-brand-600',
  success: 'bg-emerald-600',
  warning: 'bg-yellow-500',
  danger: 'bg-red-600',
} as const;

interface ProgressBarProps {
  /** 0–100. */
  value: number;
  /** Accessible name, e.g. 'Images used'. */
  label: string;
  /** What a screen reader hears instead of the bare percentage, e.g. '3 of 10 images'. */
  valueText?: string;
  tone?: keyof typeof tones;
  className?: string;
}

export function ProgressBar({ value, label, valueText, tone = 'brand', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', tones[tone])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
