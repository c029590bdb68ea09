import { Link } from 'react-router';
import { cn } from '../../lib/class-names';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#b45309" />
      <path d="M16 7 6 15.5h3V25h14v-9.5h3L16 7Z" fill="#fff" />
      <path d="M16 14.5c1.8 2 2.8 3.4 2.8 5a2.8 2.8 0 0 1-5.6 0c0-1.6 1-3 2.8-5Z" fill="#b45309" />
    </svg>
  );
}

/** The brand mark and name, linking home (or to the dashboard inside the app). */
export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      aria-label="Hearth home"
      className={cn('inline-flex items-center gap-2 rounded-lg text-stone-900', className)}
    >
      <LogoMark />
      <span className="font-display text-xl font-bold tracking-tight">Hearth</span>
    </Link>
  );
}
