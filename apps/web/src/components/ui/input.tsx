import type { ComponentProps } from 'react';
import { cn } from '../../lib/class-names';

export const inputClasses =
  'block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs placeholder:text-stone-400 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700/40 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600 read-only:border-stone-200 read-only:bg-stone-50 read-only:shadow-none aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40 sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
