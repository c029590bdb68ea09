import { photoSchema, type Photo, type UpdatePhotoInput } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectsQueryKeys } from './get-projects';

export interface SetPhotoRoomInput {
  photoId: string;
  room: UpdatePhotoInput['room'];
}

/** PATCH /api/photos/:id: the room a photo shows ('Keep furniture consistent'); the answer is the photo. */
export const setPhotoRoom = ({ photoId, room }: SetPhotoRoomInput) =>
  apiRequest(`/api/photos/${encodeURIComponent(photoId)}`, photoSchema, { method: 'PATCH', json: { room } });

/** The photo is replaced by the server's answer in the project's photo list. */
export function useSetPhotoRoom(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhotoRoom,
    onSuccess: (photo) => {
      queryClient.setQueryData<Photo[]>(projectsQueryKeys.photos(projectId), (photos) =>
        photos?.map((p) => (p.id === photo.id ? photo : p)),
      );
    },
  });
}
