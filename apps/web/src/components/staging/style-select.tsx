import type { StagingStyle } from '@hearth/contracts';
import { useId } from 'react';
import { inputClasses } from '../ui/input';
import { Label } from '../ui/label';
import { cn } from '../../lib/class-names';

interface StyleSelectProps {
  styles: readonly StagingStyle[];
  value: StagingStyle | null;
  onChange: (style: StagingStyle | null) => void;
  /** The words of a 'no style' option, when leaving the style out is allowed (the debug screen). */
  noneLabel?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/** The 'Style' choice of a staging template (issue 12): a native select, so keyboards and screen readers know it. */
export function StyleSelect({ styles, value, onChange, noneLabel, hint, disabled, className }: StyleSelectProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>Style</Label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange((event.target.value || null) as StagingStyle | null)}
        className={cn(inputClasses, 'pr-8')}
      >
        {noneLabel ? <option value="">{noneLabel}</option> : null}
        {styles.map((style) => (
          <option key={style} value={style}>
            {style}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
