import type { ResetEmailInput } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';

/** The mailed link passes through the provider and lands here with ?token= or ?error=. */
export const RESET_REDIRECT_PATH = '/update-password';

export async function requestPasswordReset({ email }: ResetEmailInput) {
  const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: RESET_REDIRECT_PATH });
  if (error) throw toAuthError(error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
