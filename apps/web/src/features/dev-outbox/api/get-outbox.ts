import { outboxSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const outboxQueryKey = ['dev', 'outbox'] as const;

export const getOutbox = () => apiRequest('/api/dev/outbox', outboxSchema);

/** Development only: the local mail outbox, newest first. Re-read whenever the page opens. */
export function useOutbox({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: outboxQueryKey, queryFn: getOutbox, enabled, refetchOnMount: 'always' });
}
