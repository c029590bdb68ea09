import { portalSessionSchema } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A customer portal session: Paddle's portal, or the sandbox portal page when payments are local. */
export const openPortal = () => apiRequest('/api/billing/portal', portalSessionSchema, { method: 'POST' });

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
