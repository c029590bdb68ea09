import type { User, UsageStats } from '@hearth/contracts';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../lib/class-names';
import { headerPlan } from '../header-plan';

interface PlansButtonProps {
  usage: UsageStats | undefined;
  userStatus: User['subscriptionStatus'] | undefined;
}

/** The header's way to /billing: 'Upgrade', 'View Plans' ('Trial' on small screens), or the plan badge. */
export function PlansButton({ usage, userStatus }: PlansButtonProps) {
  const shown = headerPlan(usage, userStatus);
  if (!shown) return null;
  switch (shown.kind) {
    case 'upgrade':
      return (
        <ButtonLink to="/billing" size="sm">
          Upgrade
        </ButtonLink>
      );
    case 'view-plans':
      return (
        <ButtonLink to="/billing" size="sm" variant="secondary">
          <span className="hidden sm:inline">View Plans</span>
          <span className="sm:hidden">Trial</span>
        </ButtonLink>
      );
    case 'plan-badge':
      return (
        <Link
          to="/billing"
          title={shown.pastDue ? `${shown.planName} plan: payment overdue` : `${shown.planName} plan`}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset',
            shown.pastDue
              ? 'bg-red-50 text-red-800 ring-red-200 hover:bg-red-100'
              : 'bg-brand-50 text-brand-800 ring-brand-200 hover:bg-brand-100',
          )}
        >
          <Crown aria-hidden className="size-3.5" />
          {shown.planName}
        </Link>
      );
  }
}
