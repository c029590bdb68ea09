import { projectListSchema, type Project } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isProcessing } from '../project-progress';

export const projectsQueryKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  photos: (projectId: string) => ['projects', projectId, 'photos'] as const,
  /** Under the project's photos, so removing or refreshing those takes the versions along. */
  versions: (projectId: string, photoId: string) => ['projects', projectId, 'photos', photoId, 'versions'] as const,
};

export const getProjects = () => apiRequest('/api/projects', projectListSchema);

const STALE_MS = 30_000;
export const PROCESSING_POLL_MS = 5_000;

/** SPEC §7/§9: stale after 30 s; refetched every 5 s while any project is processing, never otherwise. */
export function useProjects() {
  return useQuery({
    queryKey: projectsQueryKeys.list(),
    queryFn: getProjects,
    staleTime: STALE_MS,
    refetchInterval: (query) => ((query.state.data ?? []).some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}

export type { Project };
