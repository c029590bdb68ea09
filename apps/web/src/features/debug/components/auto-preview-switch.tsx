import { useId } from 'react';
import { cn } from '../../../lib/class-names';

/** An on/off switch (WAI-ARIA switch pattern) with its label and a line saying what it does. */
export function AutoPreviewSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          checked ? 'bg-brand-700' : 'bg-stone-300',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow-sm transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          Auto-preview
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          Preview the final prompt 1 second after you stop typing.
        </p>
      </div>
    </div>
  );
}
