import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setBearerToken } from '../../../lib/api-client';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';
import { waitForAuthStatus } from './get-session';
import type { MutationCallbacks } from './mutation-callbacks';

/** Forgets everything the browser holds for the signed-in user: bearer token and web storage. */
export function forgetLocalAuthState() {
  setBearerToken(null);
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to clear.
  }
}

export async function signOut() {
  const { error } = await authClient.signOut();
  if (error) throw toAuthError(error);
  await waitForAuthStatus('signed-out');
}

/** Log out: sign out of the provider, then clear caches and storage (SPEC §4). */
export function useSignOut({ onSuccess, onError }: MutationCallbacks<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async (data, variables) => {
      forgetLocalAuthState();
      queryClient.clear();
      await onSuccess?.(data, variables);
    },
    onError,
  });
}
