import type { ChangePasswordInput } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';

/**
 * Changes the password of the signed-in user and ends their other sessions. The provider issues a
 * fresh session for this browser; its new bearer token is picked up by the auth client.
 */
export async function changePassword({ currentPassword, newPassword }: Omit<ChangePasswordInput, 'confirmPassword'>) {
  const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
  if (error) throw toAuthError(error);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
