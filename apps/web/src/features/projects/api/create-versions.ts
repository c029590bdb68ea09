import {
  createVersionsResponseSchema,
  type CreateVersionsRequest,
  type Photo,
  type PhotoVersion,
} from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeVersions } from '../versions';
import { projectsQueryKeys } from './get-projects';

export interface CreateVersionsInput {
  photoId: string;
  request: CreateVersionsRequest;
}

/** POST /api/photos/:id/versions ('Generate again'): the new versions come back waiting, each one image. */
export const createVersions = ({ photoId, request }: CreateVersionsInput) =>
  apiRequest(`/api/photos/${encodeURIComponent(photoId)}/versions`, createVersionsResponseSchema, {
    method: 'POST',
    json: request,
  });

/**
 * The new versions join the strip at once (waiting), the photo is replaced by the server's answer, and the
 * project list is asked again for its counts; the caller refreshes the usage, which another feature owns.
 */
export function useCreateVersions(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVersions,
    onSuccess: ({ photo, versions }) => {
      queryClient.setQueryData<PhotoVersion[]>(projectsQueryKeys.versions(projectId, photo.id), (list) =>
        mergeVersions(list ?? [], versions),
      );
      queryClient.setQueryData<Photo[]>(projectsQueryKeys.photos(projectId), (photos) =>
        photos?.map((p) => (p.id === photo.id ? photo : p)),
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
    },
  });
}
