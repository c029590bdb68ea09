import { useId } from 'react';
import { cn } from '../../lib/class-names';

interface RemoveFurnitureFirstProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * 'Remove furniture first' on a staging template (issue 13): an occupied room is emptied before it is staged,
 * in the same single image.
 */
export function RemoveFurnitureFirst({ checked, onChange, disabled = false, className }: RemoveFurnitureFirstProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          Remove furniture first
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          For a furnished room: its furniture is taken out before the new furniture goes in, at no extra image.
        </p>
      </div>
    </div>
  );
}
