import { paymentConfigSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingQueryKeys } from './query-keys';

export const getPaymentConfig = () => apiRequest('/api/billing/config', paymentConfigSchema);

/** Which checkout the browser opens: Paddle.js, or the local payment sandbox when Paddle is not configured. */
export function usePaymentConfig() {
  return useQuery({ queryKey: billingQueryKeys.paymentConfig, queryFn: getPaymentConfig });
}
