import { authConfigSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const authConfigQueryKey = ['auth', 'config'] as const;

export const getAuthConfig = () => apiRequest('/api/auth/config', authConfigSchema);

/** SPEC §7: fetched once and cached for the life of the page. */
export function useAuthConfig() {
  return useQuery({ queryKey: authConfigQueryKey, queryFn: getAuthConfig, staleTime: Infinity, gcTime: Infinity });
}
