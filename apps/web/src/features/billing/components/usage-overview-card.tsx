import type { Plan, UsageStats } from '@hearth/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { daysLeft, formatMoney, usageOverview, type UsageBarColor } from '../billing-view';

const barTone: Record<UsageBarColor, 'success' | 'warning' | 'danger'> = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
};

interface UsageOverviewCardProps {
  stats: UsageStats;
  /** 'details' for a paid subscription, 'none' for 'No active subscription'. */
  mode: 'details' | 'none';
  /** The plan's terms, to say what an extra image costs; absent while plans load. */
  plan: Plan | undefined;
  now: number;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-stone-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-bold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** SPEC §2 Usage Overview: plan, images used of included, days and images left, the coloured bar, overage. */
export function UsageOverviewCard({ stats, mode, plan, now }: UsageOverviewCardProps) {
  return (
    <Card aria-labelledby="usage-overview-title">
      <CardHeader>
        <CardTitle id="usage-overview-title">Usage Overview</CardTitle>
      </CardHeader>
      <CardContent>
        {mode === 'none' ? (
          <p className="text-sm text-stone-600">No active subscription</p>
        ) : (
          <UsageDetails stats={stats} plan={plan} now={now} />
        )}
      </CardContent>
    </Card>
  );
}

function UsageDetails({ stats, plan, now }: Omit<UsageOverviewCardProps, 'mode'>) {
  const usage = usageOverview(stats);
  const days = daysLeft(stats.currentPeriodEnd, now);
  const extraPrice = plan?.overagePricePerImage;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-stone-600">
          Plan: <span className="font-semibold text-stone-900">{stats.planName ?? plan?.name ?? 'Your plan'}</span>
        </p>
        <p className="text-sm text-stone-700">
          <span className="text-xl font-bold text-stone-900 tabular-nums">
            {usage.used} / {usage.included}
          </span>{' '}
          images used
        </p>
      </div>
      <div className="space-y-1.5">
        <ProgressBar
          label="Images used this period"
          value={Math.min(100, usage.percent)}
          valueText={`${usage.used} of ${usage.included} images used, ${usage.percent}%`}
          tone={barTone[usage.color]}
        />
        <div className="flex flex-wrap justify-between gap-x-4 text-sm">
          <span className="text-stone-600">{usage.percent}% used</span>
          {usage.overage ? <span className="font-semibold text-red-700">{usage.overage}</span> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Days left" value={days === null ? '—' : String(days)} />
        <Figure label="Images left" value={String(usage.left)} />
      </dl>
      {extraPrice ? (
        <p className="text-xs text-stone-600">
          Past your included images, each extra image costs {formatMoney(extraPrice)}, billed at the end of the period.
        </p>
      ) : plan && plan.overagePricePerImage === null ? (
        <p className="text-xs text-stone-600">
          Uploads stop at your included images until the next period or an upgrade.
        </p>
      ) : null}
    </div>
  );
}
