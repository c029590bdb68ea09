import { sandboxSubscriptionSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { billingQueryKeys } from '../query-keys';

export const getSandboxSubscription = async () =>
  (await apiRequest('/api/payment-sandbox/subscription', sandboxSubscriptionSchema)).subscription;

/** The sandbox's own books for the signed-in user (what Paddle keeps in production); null without one. */
export function useSandboxSubscription() {
  return useQuery({ queryKey: billingQueryKeys.sandboxSubscription, queryFn: getSandboxSubscription });
}
