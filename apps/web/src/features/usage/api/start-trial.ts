import { startTrialResponseSchema } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usageStatsQueryKey } from './get-usage-stats';

/** SPEC §7: the dashboard's reading of the start-trial call (billing uses /api/trial/start). */
export const startTrial = () => apiRequest('/api/start-trial', startTrialResponseSchema, { method: 'POST' });

export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usageStatsQueryKey }),
  });
}
