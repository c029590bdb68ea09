import type { Plan, PlanId, PlanName } from '@hearth/contracts';

import type { PlanPriceIds } from '../../infrastructure/payments/config';

export type { PlanPriceIds };

type PlanTerms = Omit<Plan, 'paddlePriceId'>;

/** The feature line that needs a generative provider (staging templates and custom prompts). */
const CUSTOM_PROMPTS_FEATURE = 'Custom prompts and templates';
/** What a plan offers instead while this server has no provider: only what it can deliver now. */
const ENHANCEMENT_ONLY_FEATURE = 'Enhancement templates: Professional Enhancement, Blue Sky, Perfect Lawn';

/**
 * The three plans of SPEC §9. Overage and retention are our choices (docs/decisions/030-plans-and-overage.md):
 * Starter stops at its included images, Pro and Elite go on at a per-image price billed at the end of the
 * period; Elite's extended storage keeps photos 90 days.
 */
const PLAN_TERMS: readonly PlanTerms[] = [
  {
    id: 'starter',
    name: 'Starter',
    amount: 4900,
    currency: 'usd',
    imagesIncluded: 100,
    retentionPeriodDays: 30,
    isPopular: false,
    overagePricePerImage: null,
    features: ['100 images per month', 'Bulk upload', CUSTOM_PROMPTS_FEATURE, 'High-res downloads', 'Priority support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    amount: 9900,
    currency: 'usd',
    imagesIncluded: 400,
    retentionPeriodDays: 30,
    isPopular: true,
    overagePricePerImage: 30,
    features: [
      '400 images per month',
      'Then $0.30 per extra image',
      'Bulk upload',
      CUSTOM_PROMPTS_FEATURE,
      'High-res downloads and ZIP download',
      'Priority support',
    ],
  },
  {
    id: 'elite',
    name: 'Elite',
    amount: 44900,
    currency: 'usd',
    imagesIncluded: 1500,
    retentionPeriodDays: 90,
    isPopular: false,
    overagePricePerImage: 25,
    features: [
      '1,500 images per month',
      'Then $0.25 per extra image',
      'All Pro features plus add-ons',
      'Extended storage (90 days)',
      'Dedicated support',
      'Priority processing',
    ],
  },
];

export function listPlans(priceIds: PlanPriceIds): Plan[] {
  return PLAN_TERMS.map((terms) => ({ ...terms, paddlePriceId: priceIds[terms.id] }));
}

/**
 * The plans as this server sells them right now: without an AI image provider no plan may promise
 * staging or custom prompts (decision 061).
 */
export function plansOnOffer(priceIds: PlanPriceIds, { staging }: { staging: boolean }): Plan[] {
  const plans = listPlans(priceIds);
  if (staging) return plans;
  return plans.map((plan) => ({
    ...plan,
    features: plan.features.map((feature) => (feature === CUSTOM_PROMPTS_FEATURE ? ENHANCEMENT_ONLY_FEATURE : feature)),
  }));
}

/** A plan's terms by id, where the price id does not matter. */
export function planTerms(planId: PlanId): Plan {
  return listPlans({ starter: null, pro: null, elite: null }).find((plan) => plan.id === planId)!;
}

export function findPlanByName(name: PlanName | string, priceIds: PlanPriceIds): Plan | undefined {
  return listPlans(priceIds).find((plan) => plan.name.toLowerCase() === name.toLowerCase());
}

export function findPlanByPriceId(priceId: string, priceIds: PlanPriceIds): Plan | undefined {
  return listPlans(priceIds).find((plan) => plan.paddlePriceId === priceId);
}

/**
 * The Hearth plan among a subscription's or transaction's items, wherever it sits: Paddle lists add-ons and
 * one-time charges beside it, in no promised order. Undefined when no item is one of our plans.
 */
export function findPlanInItems(
  items: readonly { price: { id?: string | null } }[] | null | undefined,
  priceIds: PlanPriceIds,
): Plan | undefined {
  for (const item of items ?? []) {
    const plan = item.price.id ? findPlanByPriceId(item.price.id, priceIds) : undefined;
    if (plan) return plan;
  }
  return undefined;
}

/** Overage in cents for `imagesUsed` on a plan: only plans that go on past their included images charge it. */
export function overageCost(plan: Pick<Plan, 'imagesIncluded' | 'overagePricePerImage'>, imagesUsed: number) {
  const extra = Math.max(0, imagesUsed - plan.imagesIncluded);
  return { overageImages: extra, overageCostCents: extra * (plan.overagePricePerImage ?? 0) };
}
