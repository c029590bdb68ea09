import { createVersionsResponseSchema, type AreaEditRequest, type Photo, type PhotoVersion } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeVersions } from '../versions';
import { projectsQueryKeys } from './get-projects';

export interface CreateAreaEditInput {
  photoId: string;
  /** The version painted over. */
  versionId: string;
  request: AreaEditRequest;
}

/** POST /api/photos/:id/versions/:versionId/area-edit ('Edit an area'): one new version, waiting, one image. */
export const createAreaEdit = ({ photoId, versionId, request }: CreateAreaEditInput) =>
  apiRequest(
    `/api/photos/${encodeURIComponent(photoId)}/versions/${encodeURIComponent(versionId)}/area-edit`,
    createVersionsResponseSchema,
    { method: 'POST', json: request },
  );

/** As 'Generate again': the new version joins the strip at once and arrives live when it is made. */
export function useCreateAreaEdit(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAreaEdit,
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
