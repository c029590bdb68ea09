import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';
import { currentUserQueryKeys } from './get-current-user';
import { refetchSession, waitForAuthStatus } from './get-session';

interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/**
 * Sets a new password with the one-time token from the reset mail. The server answers a good reset
 * with a session for this browser (decision 061), so the page can go on to the dashboard.
 */
export async function resetPassword({ token, newPassword }: ResetPasswordInput) {
  const { error } = await authClient.resetPassword({ token, newPassword });
  if (error) throw toAuthError(error);
  await refetchSession();
  await waitForAuthStatus('signed-in');
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKeys.all }),
  });
}
