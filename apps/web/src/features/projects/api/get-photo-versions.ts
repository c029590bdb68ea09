import { photoVersionListSchema } from '@hearth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { anyPendingVersion } from '../versions';
import { PROCESSING_POLL_MS, projectsQueryKeys } from './get-projects';

export const getPhotoVersions = (photoId: string) =>
  apiRequest(`/api/photos/${encodeURIComponent(photoId)}/versions`, photoVersionListSchema);

/**
 * The versions of the photo under review, in order. While any of them is waiting or processing they are asked
 * for again at the project list's 5 s pace, so a new version arrives without a reload; never otherwise.
 */
export function usePhotoVersions(projectId: string, photoId: string) {
  return useQuery({
    queryKey: projectsQueryKeys.versions(projectId, photoId),
    queryFn: () => getPhotoVersions(photoId),
    staleTime: 30_000,
    refetchInterval: (query) => (anyPendingVersion(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
