import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQueryKeys } from '../../features/auth/api/get-current-user';
import { billingQueryKeys } from '../../features/billing/api/query-keys';
import { usageStatsQueryKey } from '../../features/usage/api/get-usage-stats';

/** Refetches what a subscription change touches: billing status, usage stats and (unless told) the user. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useCallback(
    ({ user = true }: { user?: boolean } = {}) => {
      void queryClient.invalidateQueries({ queryKey: billingQueryKeys.status });
      void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey });
      if (user) void queryClient.invalidateQueries({ queryKey: currentUserQueryKeys.all });
    },
    [queryClient],
  );
}
