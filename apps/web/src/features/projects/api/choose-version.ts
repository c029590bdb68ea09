import { photoSchema, type Photo, type PhotoVersion } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withChosen } from '../versions';
import { projectsQueryKeys } from './get-projects';

export interface ChooseVersionInput {
  photoId: string;
  versionId: string;
}

/** POST /api/photos/:id/versions/:versionId/choose ('Use this version'): the answer is the updated photo. */
export const chooseVersion = ({ photoId, versionId }: ChooseVersionInput) =>
  apiRequest(
    `/api/photos/${encodeURIComponent(photoId)}/versions/${encodeURIComponent(versionId)}/choose`,
    photoSchema,
    { method: 'POST' },
  );

/**
 * The chosen mark moves at once in the strip, the photo is replaced by the server's answer, and the project
 * list is asked again: its thumbnail shows the chosen version of the first photo.
 */
export function useChooseVersion(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseVersion,
    onSuccess: (photo) => {
      queryClient.setQueryData<PhotoVersion[]>(projectsQueryKeys.versions(projectId, photo.id), (list) =>
        list ? withChosen(list, photo.chosenVersionId) : list,
      );
      queryClient.setQueryData<Photo[]>(projectsQueryKeys.photos(projectId), (photos) =>
        photos?.map((p) => (p.id === photo.id ? photo : p)),
      );
      return queryClient.invalidateQueries({ queryKey: projectsQueryKeys.list() });
    },
  });
}
