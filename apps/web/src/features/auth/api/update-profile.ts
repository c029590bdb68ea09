import { updateProfileResponseSchema, type UpdateProfileInput } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKeys } from './get-current-user';

export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest('/api/auth/user', updateProfileResponseSchema, { method: 'PATCH', json: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryKeys.byId(user.id), user);
    },
  });
}
