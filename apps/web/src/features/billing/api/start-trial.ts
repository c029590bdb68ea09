import { startTrialResponseSchema } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** SPEC §7: the billing page's reading of the start-trial call (the dashboard uses /api/start-trial). */
export const startTrialFromBilling = () => apiRequest('/api/trial/start', startTrialResponseSchema, { method: 'POST' });

/** The page refreshes usage and the current user on success: those queries belong to other features. */
export function useStartTrialFromBilling() {
  return useMutation({ mutationFn: startTrialFromBilling });
}
