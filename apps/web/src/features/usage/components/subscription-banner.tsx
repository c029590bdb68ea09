import { TRIAL_HOURS, TRIAL_IMAGES, type UsageStats } from '@hearth/contracts';
import { CircleAlert, Clock, CreditCard, Sparkles, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Banner, type BannerTone } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useNow } from '../../../lib/use-now';
import { msUntil } from '../countdown';
import { subscriptionBanner, type SubscriptionBanner as BannerState } from '../subscription-state';
import { CountdownTimer } from './countdown-timer';

interface SubscriptionBannerProps {
  stats: UsageStats;
  onStartTrial: () => void;
  startingTrial: boolean;
  /** Called when a countdown reaches zero, so the server's view of the account is asked for again. */
  onCountdownEnd: () => void;
  /** Whether this server can stage now: the trial offer promises every template only then. */
  stagingAvailable: boolean;
}

interface BannerView {
  title: string;
  tone: BannerTone;
  Icon: LucideIcon;
  body: ReactNode;
  action: ReactNode;
}

/** The subscription banner of SPEC §4 "Subscription (dashboard view)"; nothing on a paid plan. */
export function SubscriptionBanner({
  stats,
  onStartTrial,
  startingTrial,
  onCountdownEnd,
  stagingAvailable,
}: SubscriptionBannerProps) {
  const now = useNow(1000);
  const banner = subscriptionBanner(stats, now);

  // A countdown that just ran out flips the banner locally; ask the server once to confirm the new state.
  const previousKind = useRef(banner?.kind);
  useEffect(() => {
    const was = previousKind.current;
    previousKind.current = banner?.kind;
    if (was !== banner?.kind && (was === 'trial' || was === 'payment-overdue')) onCountdownEnd();
  }, [banner?.kind, onCountdownEnd]);

  if (!banner) return null;
  const view = bannerView(banner, stats, now, { onStartTrial, startingTrial, stagingAvailable });
  return (
    <Banner id="subscription-banner-title" title={view.title} tone={view.tone} Icon={view.Icon} action={view.action}>
      {view.body}
    </Banner>
  );
}

function bannerView(
  banner: BannerState,
  stats: UsageStats,
  now: number,
  {
    onStartTrial,
    startingTrial,
    stagingAvailable,
  }: Pick<SubscriptionBannerProps, 'onStartTrial' | 'startingTrial' | 'stagingAvailable'>,
): BannerView {
  const viewPlans = (label = 'View Plans') => (
    <ButtonLink to="/billing" variant="primary" className="w-full sm:w-auto">
      {label}
    </ButtonLink>
  );
  const completePayment = (
    <ButtonLink to="/billing" variant="destructive" className="w-full sm:w-auto">
      <CreditCard aria-hidden className="size-4" />
      Complete Payment
    </ButtonLink>
  );

  switch (banner.kind) {
    case 'start-trial':
      return {
        title: 'Start Free Trial',
        tone: 'brand',
        Icon: Sparkles,
        body: `Enhance up to ${TRIAL_IMAGES} images free for ${TRIAL_HOURS} hours, with ${stagingAvailable ? 'every template' : 'the enhancement templates'}. No credit card required.`,
        action: (
          <Button onClick={onStartTrial} disabled={startingTrial} className="w-full sm:w-auto">
            {startingTrial ? 'Starting...' : 'Start Free Trial'}
          </Button>
        ),
      };
    case 'trial':
      return {
        title: 'Free trial active',
        tone: 'brand',
        Icon: Clock,
        body: (
          <>
            Time left: <CountdownTimer ms={msUntil(banner.endsAt, now)} className="font-semibold text-stone-900" />
            {' · '}
            {stats.imagesRemaining} of {stats.imagesIncluded} images left. Upgrade to keep enhancing after your trial.
          </>
        ),
        action: viewPlans('Upgrade Now'),
      };
    case 'trial-limit-reached':
      return {
        title: 'Trial limit reached',
        tone: 'danger',
        Icon: CircleAlert,
        body: `You have used all ${stats.imagesIncluded} images of your free trial. Choose a plan to continue uploading images.`,
        action: viewPlans('Upgrade Now'),
      };
    case 'trial-expired':
      return {
        title: 'Trial Expired',
        tone: 'danger',
        Icon: CircleAlert,
        body: stats.restriction ?? 'Your free trial has ended. Choose a plan to continue uploading images.',
        action: viewPlans(),
      };
    case 'canceled':
      return {
        title: 'Subscription Canceled',
        tone: 'danger',
        Icon: CircleAlert,
        body: 'Your subscription was canceled. Please resubscribe to upload and enhance photos.',
        action: viewPlans(),
      };
    case 'payment-overdue':
      return {
        title: 'Payment Overdue',
        tone: 'caution',
        Icon: CreditCard,
        body: (
          <>
            Your payment is past due. Complete payment within{' '}
            <CountdownTimer ms={msUntil(banner.graceEndsAt, now)} className="font-semibold text-stone-900" /> to keep
            uploading and enhancing photos.
          </>
        ),
        action: completePayment,
      };
    case 'access-restricted-overdue':
      return {
        title: 'Payment Overdue - Access Restricted',
        tone: 'danger',
        Icon: CreditCard,
        body: 'Your payment is past due and the grace period has expired. Complete payment to restore access.',
        action: completePayment,
      };
    case 'access-restricted':
      return {
        title: 'Access Restricted',
        tone: 'danger',
        Icon: CircleAlert,
        body: banner.message ?? 'Please update your subscription to continue using the platform.',
        action: viewPlans(),
      };
  }
}
