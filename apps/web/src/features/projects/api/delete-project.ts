import type { Project } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { projectsQueryKeys } from './get-projects';

export const deleteProject = async (projectId: string) => {
  await apiFetch(`/api/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
};

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_data, projectId) => {
      // Gone at once from the list, then confirmed by a refetch.
      queryClient.setQueryData<Project[]>(projectsQueryKeys.list(), (list) => list?.filter((p) => p.id !== projectId));
      queryClient.removeQueries({ queryKey: projectsQueryKeys.photos(projectId) });
      return queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
    },
  });
}
