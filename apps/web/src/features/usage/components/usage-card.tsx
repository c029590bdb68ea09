import { TRIAL_IMAGES, type UsageStats } from '@hearth/contracts';
import { Card, CardContent, CardTitle } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { usageAllowance, usagePercent, usageTone } from '../subscription-state';

const barTone = { normal: 'success', warning: 'warning', over: 'danger' } as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Images used against the allowance, with the SPEC §9 colours (yellow from 80%, red above 100%). */
export function UsageCard({ stats }: { stats: UsageStats }) {
  const { imagesUsed, imagesIncluded } = stats;
  const allowance = usageAllowance(stats);
  const planLabel =
    stats.subscriptionType === 'canceled'
      ? stats.planName
        ? `${stats.planName} (canceled)`
        : 'Canceled'
      : (stats.planName ?? (stats.subscriptionType === 'none' ? 'No plan yet' : 'Plan'));

  return (
    <Card aria-labelledby="usage-card-title">
      <CardContent className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle id="usage-card-title" className="text-base">
            Usage
          </CardTitle>
          <span className="truncate text-sm font-medium text-stone-600">{planLabel}</span>
        </div>
        {allowance === 'unlimited' ? (
          <>
            <p className="text-sm text-stone-700">
              <span className="text-2xl font-bold text-stone-900 tabular-nums">{imagesUsed}</span> images used
            </p>
            <p className="text-sm text-stone-600">Unlimited images on your plan.</p>
          </>
        ) : allowance === 'limited' || allowance === 'with-overage' ? (
          <>
            <p className="text-sm text-stone-700">
              <span className="text-2xl font-bold text-stone-900 tabular-nums">{imagesUsed}</span>
              {` of ${imagesIncluded} images used`}
            </p>
            <ProgressBar
              label="Images used"
              value={usagePercent(imagesUsed, imagesIncluded)}
              valueText={`${imagesUsed} of ${imagesIncluded} images used`}
              tone={barTone[usageTone(imagesUsed, imagesIncluded)]}
            />
            <p className="text-sm text-stone-600">
              {allowance === 'with-overage'
                ? `${plural(Math.max(0, imagesIncluded - imagesUsed), 'included image')} left, then billed per extra image`
                : `${plural(stats.imagesRemaining, 'image')} left`}
            </p>
            {stats.overageImages > 0 ? (
              <p className="text-sm font-semibold text-red-700">
                +{stats.overageImages} overage (
                {stats.overageCost.toLocaleString('en-US', { style: 'currency', currency: 'USD' })})
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-stone-600">
            {stats.canStartTrial
              ? `Start your free trial to enhance up to ${TRIAL_IMAGES} images.`
              : 'No images included right now. Choose a plan to continue.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
