import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';

interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** Sets a new password with the one-time token from the reset mail. */
export async function resetPassword({ token, newPassword }: ResetPasswordInput) {
  const { error } = await authClient.resetPassword({ token, newPassword });
  if (error) throw toAuthError(error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
