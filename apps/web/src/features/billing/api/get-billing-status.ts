import { billingStatusSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isUnauthorizedError } from '../../../lib/api-client';
import { billingQueryKeys } from './query-keys';

export const getBillingStatus = () => apiRequest('/api/billing/status', billingStatusSchema);

const MAX_RETRIES = 3;

/** SPEC §7: retried up to 3 times, except on authorization errors; otherwise never stale. */
export function useBillingStatus() {
  return useQuery({
    queryKey: billingQueryKeys.status,
    queryFn: getBillingStatus,
    retry: (failureCount, error) => !isUnauthorizedError(error) && failureCount < MAX_RETRIES,
  });
}
