import { describe, expect, it } from 'vitest';
import { findPlanByName, findPlanByPriceId, listPlans, overageCost } from './plans';

const priceIds = { starter: 'pri_starter', pro: 'pri_pro', elite: null };

describe('plans', () => {
  it('lists Starter, Pro and Elite at the SPEC prices and allowances, Pro marked popular', () => {
    const plans = listPlans(priceIds);
    expect(plans.map((p) => [p.name, p.amount, p.imagesIncluded, p.isPopular])).toEqual([
      ['Starter', 4900, 100, false],
      ['Pro', 9900, 400, true],
      ['Elite', 44900, 1500, false],
    ]);
    expect(plans.map((p) => p.paddlePriceId)).toEqual(['pri_starter', 'pri_pro', null]);
    expect(plans.find((p) => p.name === 'Elite')!.retentionPeriodDays).toBeGreaterThan(30);
  });

  it('finds a plan by name (any case) and by price id', () => {
    expect(findPlanByName('pro', priceIds)?.id).toBe('pro');
    expect(findPlanByPriceId('pri_starter', priceIds)?.name).toBe('Starter');
    expect(findPlanByPriceId('pri_unknown', priceIds)).toBeUndefined();
  });

  it('charges overage only past the included images, and only on plans that allow it', () => {
    const [starter, pro, elite] = listPlans(priceIds);
    expect(overageCost(starter!, 150)).toEqual({ overageImages: 50, overageCostCents: 0 });
    expect(overageCost(pro!, 400)).toEqual({ overageImages: 0, overageCostCents: 0 });
    expect(overageCost(pro!, 412)).toEqual({ overageImages: 12, overageCostCents: 360 });
    expect(overageCost(elite!, 1501)).toEqual({ overageImages: 1, overageCostCents: 25 });
  });
});
