import type { SignInInput } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';
import { currentUserQueryKeys } from './get-current-user';
import { waitForAuthStatus } from './get-session';
import type { MutationCallbacks } from './mutation-callbacks';

export async function signIn(input: SignInInput) {
  const { error } = await authClient.signIn.email({ email: input.email.trim(), password: input.password });
  if (error) throw toAuthError(error);
  await waitForAuthStatus('signed-in');
}

export function useSignIn({ onSuccess, onError }: MutationCallbacks<void, SignInInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKeys.all });
      await onSuccess?.(data, variables);
    },
    onError,
  });
}
