import { usageStatsSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isUnauthorizedError } from '../../../lib/api-client';

export const usageStatsQueryKey = ['usage', 'stats'] as const;

export const getUsageStats = () => apiRequest('/api/usage/stats', usageStatsSchema);

const MAX_RETRIES = 3;

/** SPEC §7: retried up to 3 times, except on authorization errors; otherwise never stale. */
export function useUsageStats() {
  return useQuery({
    queryKey: usageStatsQueryKey,
    queryFn: getUsageStats,
    retry: (failureCount, error) => !isUnauthorizedError(error) && failureCount < MAX_RETRIES,
  });
}
