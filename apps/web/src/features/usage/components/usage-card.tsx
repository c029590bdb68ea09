import { TRIAL_IMAGES, type UsageStats } from '@hearth/contracts';
import { Card, CardContent, CardTitle } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { usagePercent, usageTone } from '../subscription-state';

const barTone = { normal: 'success', warning: 'warning', over: 'danger' } as const;

/** Images used against the allowance, with the SPEC §9 colours (yellow from 80%, red above 100%). */
export function UsageCard({ stats }: { stats: UsageStats }) {
  const { imagesUsed, imagesIncluded, imagesRemaining } = stats;
  const unlimited = imagesRemaining < 0;
  const hasAllowance = imagesIncluded > 0 || unlimited;
  const planLabel =
    stats.planName ??
    (stats.subscriptionType === 'none' ? 'No plan yet' : stats.subscriptionType === 'canceled' ? 'Canceled' : 'Plan');

  return (
    <Card aria-labelledby="usage-card-title">
      <CardContent className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle id="usage-card-title" className="text-base">
            Usage
          </CardTitle>
          <span className="truncate text-sm font-medium text-stone-600">{planLabel}</span>
        </div>
        {hasAllowance ? (
          <>
            <p className="text-sm text-stone-700">
              <span className="text-2xl font-bold text-stone-900 tabular-nums">{imagesUsed}</span>
              {unlimited ? ' images used' : ` of ${imagesIncluded} images used`}
            </p>
            {unlimited ? null : (
              <ProgressBar
                label="Images used"
                value={usagePercent(imagesUsed, imagesIncluded)}
                valueText={`${imagesUsed} of ${imagesIncluded} images used`}
                tone={barTone[usageTone(imagesUsed, imagesIncluded)]}
              />
            )}
            <p className="text-sm text-stone-600">
              {unlimited
                ? 'Unlimited images on your plan.'
                : `${imagesRemaining} ${imagesRemaining === 1 ? 'image' : 'images'} left`}
              {stats.overageImages > 0 ? ` · +${stats.overageImages} overage` : ''}
            </p>
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
