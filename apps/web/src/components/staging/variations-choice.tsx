import { MAX_VARIATIONS } from '@hearth/contracts';
import { useId } from 'react';
import { cn } from '../../lib/class-names';

interface VariationsChoiceProps {
  value: number;
  onChange: (variations: number) => void;
  disabled?: boolean;
  className?: string;
}

const CHOICES = Array.from({ length: MAX_VARIATIONS }, (_, i) => i + 1);

/**
 * 'Variations' 1–4 of a staging template (issue 12), as one radio group (arrow keys move between them). Each
 * variation is one image against the allowance, and the hint says so where the choice is made.
 */
export function VariationsChoice({ value, onChange, disabled = false, className }: VariationsChoiceProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <p id={`${id}-label`} className="block text-sm font-medium text-stone-800">
        Variations
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="grid h-11 grid-cols-4 gap-1 rounded-lg border border-stone-300 bg-white p-1 shadow-xs"
      >
        {CHOICES.map((n) => (
          <label
            key={n}
            className={cn(
              'flex items-center justify-center rounded-md text-sm font-semibold tabular-nums transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-700',
              n === value ? 'bg-brand-700 text-white' : 'text-stone-700',
              disabled
                ? 'cursor-not-allowed opacity-60'
                : n === value
                  ? 'cursor-pointer'
                  : 'cursor-pointer hover:bg-stone-100',
            )}
          >
            <input
              type="radio"
              name={`${id}-variations`}
              value={n}
              checked={n === value}
              disabled={disabled}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            {n}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        Each variation is one image.
      </p>
    </div>
  );
}
