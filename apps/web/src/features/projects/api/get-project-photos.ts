import { photoListSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROCESSING_POLL_MS, projectsQueryKeys } from './get-projects';

const PHOTOS_STALE_MS = 30_000;

export const getProjectPhotos = (projectId: string) =>
  apiRequest(`/api/projects/${encodeURIComponent(projectId)}/photos`, photoListSchema);

/**
 * A project's photos for the review dialog. While the project is still processing they follow it at the
 * list's 5 s pace; once it completes they are refreshed by the completion rule.
 */
export function useProjectPhotos(projectId: string, { processing }: { processing: boolean }) {
  return useQuery({
    queryKey: projectsQueryKeys.photos(projectId),
    queryFn: () => getProjectPhotos(projectId),
    // SPEC §7: photos (and the thumbnails from them) are cached for 30 s.
    staleTime: PHOTOS_STALE_MS,
    refetchInterval: processing ? PROCESSING_POLL_MS : false,
  });
}
