import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/class-names';

/** An announced loading indicator. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin text-brand-700" />
    </div>
  );
}

/** Fills the page while authentication state or a page's code loads. */
export function PageSpinner() {
  return <Spinner className="min-h-[60dvh] flex-1" />;
}
