import { sandboxCheckoutResponseSchema } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { billingQueryKeys } from '../query-keys';

/** Pays for a plan in the local payment sandbox: no money moves, the same webhook path runs. */
export const sandboxCheckout = (priceId: string) =>
  apiRequest('/api/payment-sandbox/checkout', sandboxCheckoutResponseSchema, { method: 'POST', json: { priceId } });

export function useSandboxCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxCheckout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
  });
}
