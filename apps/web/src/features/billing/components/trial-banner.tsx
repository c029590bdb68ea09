import { TRIAL_IMAGES, type UsageStats } from '@hearth/contracts';
import { Sparkles } from 'lucide-react';
import { Banner } from '../../../components/ui/banner';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDateTime } from '../../../lib/format';
import { usagePercent } from '../billing-view';

/** SPEC §2 /billing: the free trial's images used out of 10, images left, and the bar. */
export function TrialBanner({ stats }: { stats: UsageStats }) {
  const included = stats.imagesIncluded > 0 ? stats.imagesIncluded : TRIAL_IMAGES;
  const used = stats.imagesUsed;
  const left = Math.max(0, included - used);
  const limitReached = used >= included;
  return (
    <Banner id="trial-banner-title" title="Free Trial" tone="brand" Icon={Sparkles}>
      <p>
        <span className="font-semibold text-stone-900">
          {used} of {included} images used
        </span>
        {' · '}
        {left} {left === 1 ? 'image' : 'images'} left
        {stats.trialEndsAt && !stats.trialExpired ? <> · ends {formatDateTime(stats.trialEndsAt)}</> : null}
      </p>
      <ProgressBar
        label="Trial images used"
        value={usagePercent(used, included)}
        valueText={`${used} of ${included} images used`}
        tone={limitReached ? 'danger' : 'brand'}
        className="bg-brand-100"
      />
      {limitReached ? (
        <p className="font-medium text-red-800">Trial limit reached. Choose a plan to continue uploading images.</p>
      ) : stats.trialExpired ? (
        <p className="font-medium text-red-800">
          Your free trial has ended. Choose a plan to continue uploading images.
        </p>
      ) : null}
    </Banner>
  );
}
