import { templateListSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const templatesQueryKey = ['templates'] as const;

export const getTemplates = () => apiRequest('/api/templates', templateListSchema);

/** The catalogue changes only with a deploy, so it is fetched once per page load. */
export function useTemplates() {
  return useQuery({ queryKey: templatesQueryKey, queryFn: getTemplates });
}
