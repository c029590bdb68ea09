import { passwordRequirements } from '@hearth/contracts';
import { Check, Circle } from 'lucide-react';
import { cn } from '../../../lib/class-names';

/** The live checklist of SPEC §2 /update-password; each rule is ticked as soon as it is met. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  return (
    <div id={id} className="rounded-lg border border-stone-200 bg-stone-50 p-3">
      <p className="mb-2 text-sm font-medium text-stone-800">Password requirements</p>
      <ul className="space-y-1.5 text-sm">
        {passwordRequirements.map((requirement) => {
          const met = requirement.test(password);
          return (
            <li
              key={requirement.label}
              className={cn('flex items-center gap-2', met ? 'text-emerald-800' : 'text-stone-600')}
            >
              {met ? (
                <Check aria-hidden className="size-4 text-emerald-700" />
              ) : (
                <Circle aria-hidden className="size-4 text-stone-400" />
              )}
              <span>
                {requirement.label}
                <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** 'Passwords match' / 'Passwords do not match', once something has been typed in the confirmation. */
export function PasswordMatch({ id, password, confirmation }: { id: string; password: string; confirmation: string }) {
  const matches = password === confirmation;
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm font-medium">
      {confirmation ? (
        <span className={cn('inline-flex items-center gap-1.5', matches ? 'text-emerald-700' : 'text-red-700')}>
          {matches ? <Check aria-hidden className="size-4" /> : null}
          {matches ? 'Passwords match' : 'Passwords do not match'}
        </span>
      ) : null}
    </p>
  );
}
