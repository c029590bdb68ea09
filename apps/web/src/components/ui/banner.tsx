import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names';

const tones = {
  brand: { box: 'border-brand-200 bg-brand-50', icon: 'bg-brand-100 text-brand-800', title: 'text-brand-900' },
  danger: { box: 'border-red-200 bg-red-50', icon: 'bg-red-100 text-red-700', title: 'text-red-900' },
  /** SPEC §2's yellow, e.g. 'Subscription Ending'. */
  warning: { box: 'border-yellow-300 bg-yellow-50', icon: 'bg-yellow-100 text-yellow-800', title: 'text-yellow-900' },
  /** Orange: a payment is due but access goes on for now ('Payment Overdue'). */
  caution: { box: 'border-orange-200 bg-orange-50', icon: 'bg-orange-100 text-orange-700', title: 'text-orange-900' },
} as const;

export type BannerTone = keyof typeof tones;

interface BannerProps {
  /** Id of the title, which names the banner's region. */
  id: string;
  title: string;
  tone: BannerTone;
  Icon: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
}

/**
 * A titled, tinted notice at the top of a page (the dashboard's subscription banner, the billing page's
 * notices): a region named by its title, with the action beside the text from the small breakpoint on.
 */
export function Banner({ id, title, tone, Icon, children, action }: BannerProps) {
  const styles = tones[tone];
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5',
        styles.box,
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', styles.icon)}>
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={id} className={cn('font-semibold', styles.title)}>
            {title}
          </h2>
          <div className="space-y-2 text-sm text-stone-700">{children}</div>
        </div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </section>
  );
}
