import { TRIAL_HOURS, TRIAL_IMAGES, type Plan, type PlanName } from '@hearth/contracts';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/class-names';
import { formatPlanPrice, planButton, type PlanButtonContext } from '../billing-view';

interface SubscriptionPlansCardProps {
  plans: Plan[] | undefined;
  plansError: boolean;
  onRetryPlans: () => void;
  buttonContext: PlanButtonContext;
  onChoosePlan: (plan: Plan) => void;
  canStartTrial: boolean;
  startingTrial: boolean;
  onStartTrial: () => void;
  /** Whether this server can stage now (undefined while unknown): the trial tile promises only that. */
  stagingAvailable: boolean | undefined;
}

/** SPEC §2 Subscription Plans: a Free Trial tile and the three plans, Pro marked 'Most Popular'. */
export function SubscriptionPlansCard(props: SubscriptionPlansCardProps) {
  const { plans, plansError, onRetryPlans, buttonContext, onChoosePlan } = props;
  return (
    <Card aria-labelledby="subscription-plans-title">
      <CardHeader>
        <CardTitle id="subscription-plans-title">Subscription Plans</CardTitle>
        <CardDescription>Cancel any time, with no fees or contracts.</CardDescription>
      </CardHeader>
      <CardContent>
        {plans ? (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <FreeTrialTile {...props} />
            {plans.map((plan) => {
              const button = planButton(plan.name, buttonContext);
              return (
                <PlanTile
                  key={plan.id}
                  plan={plan}
                  action={
                    <Button
                      className="w-full"
                      variant={plan.isPopular ? 'primary' : 'secondary'}
                      disabled={button.disabled}
                      onClick={() => onChoosePlan(plan)}
                      aria-label={planButtonName(button.label, plan.name)}
                    >
                      {button.label}
                    </Button>
                  }
                />
              );
            })}
          </ul>
        ) : plansError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-semibold text-stone-900">The plans could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={onRetryPlans}>
              Try again
            </Button>
          </div>
        ) : (
          <Spinner className="py-10" label="Loading plans" />
        )}
      </CardContent>
    </Card>
  );
}

/** 'Get Started' alone does not say which plan; screen readers hear 'Get Started with Elite'. */
function planButtonName(label: string, plan: PlanName) {
  return label === 'Get Started' || label === 'Current Plan' || label === 'Opening Checkout...'
    ? `${label} (${plan})`
    : label;
}

function Tile({ highlighted, children }: { highlighted?: boolean; children: ReactNode }) {
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border p-5',
        highlighted ? 'border-brand-400 bg-brand-50/40 ring-1 ring-brand-300' : 'border-stone-200 bg-white',
      )}
    >
      {children}
    </li>
  );
}

function Features({ items }: { items: string[] }) {
  return (
    <ul className="mt-4 flex-1 space-y-2 text-sm text-stone-700">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function PlanTile({ plan, action }: { plan: Plan; action: ReactNode }) {
  return (
    <Tile highlighted={plan.isPopular}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-stone-900">{plan.name}</h3>
        {plan.isPopular ? <Badge tone="brand">Most Popular</Badge> : null}
      </div>
      <p className="mt-2">
        <span className="text-3xl font-bold text-stone-900">{formatPlanPrice(plan.amount, plan.currency)}</span>
        <span className="text-sm text-stone-600">/month</span>
      </p>
      <Features items={plan.features} />
      <div className="mt-5">{action}</div>
    </Tile>
  );
}

/** What the trial includes on this server: staging and custom prompts only where they can run. */
function trialFeatures(stagingAvailable: boolean | undefined): string[] {
  const templates =
    stagingAvailable === undefined
      ? []
      : stagingAvailable
        ? ['All templates', 'Custom prompts']
        : ['Enhancement templates'];
  return [`${TRIAL_IMAGES} images in total`, ...templates, 'No credit card required'];
}

function FreeTrialTile({
  canStartTrial,
  startingTrial,
  onStartTrial,
  stagingAvailable,
}: Pick<SubscriptionPlansCardProps, 'canStartTrial' | 'startingTrial' | 'onStartTrial' | 'stagingAvailable'>) {
  return (
    <Tile>
      <h3 className="text-lg font-semibold text-stone-900">Free Trial</h3>
      <p className="mt-2">
        <span className="text-3xl font-bold text-stone-900">$0</span>
        <span className="text-sm text-stone-600"> for {TRIAL_HOURS} hours</span>
      </p>
      <Features items={trialFeatures(stagingAvailable)} />
      <div className="mt-5">
        <Button
          className="w-full"
          variant="secondary"
          onClick={onStartTrial}
          disabled={!canStartTrial || startingTrial}
        >
          {canStartTrial ? (startingTrial ? 'Starting...' : 'Start Free Trial') : 'Trial Used'}
        </Button>
      </div>
    </Tile>
  );
}
