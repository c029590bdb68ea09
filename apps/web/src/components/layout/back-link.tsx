import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-stone-600 hover:text-stone-900"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
