import { planListSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingQueryKeys } from './query-keys';

export const getPlans = () => apiRequest('/api/plans', planListSchema);

/** Starter, Pro and Elite with their payment price ids (SPEC §7 GET /api/plans). */
export function usePlans() {
  return useQuery({ queryKey: billingQueryKeys.plans, queryFn: getPlans });
}
