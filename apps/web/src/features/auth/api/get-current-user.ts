import { userSchema } from '@hearth/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorizedError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { authClient } from './auth-client';
import { refetchSession, useAuthSession } from './get-session';
import { forgetLocalAuthState } from './sign-out';

export const currentUserQueryKeys = {
  all: ['auth', 'user'] as const,
  byId: (userId: string | undefined) => ['auth', 'user', userId] as const,
};

export const getCurrentUser = () => apiRequest('/api/auth/user', userSchema);

export function clearCurrentUser(client: QueryClient = queryClient) {
  client.removeQueries({ queryKey: currentUserQueryKeys.all });
}

let signingOutAfter401 = false;

/** SPEC §4: a 401 here means the session is gone: drop every local trace and sign out of the provider. */
async function signOutAfterUnauthorized() {
  if (signingOutAfter401) return;
  signingOutAfter401 = true;
  try {
    forgetLocalAuthState();
    await authClient.signOut().catch(() => undefined);
    // Signing out tells other tabs through localStorage, so clear it once more afterwards.
    forgetLocalAuthState();
    await refetchSession();
  } finally {
    clearCurrentUser();
    signingOutAfter401 = false;
  }
}

async function getCurrentUserOrSignOut() {
  try {
    return await getCurrentUser();
  } catch (error) {
    if (isUnauthorizedError(error)) void signOutAfterUnauthorized();
    throw error;
  }
}

/** The product record of the signed-in user; only asked for while a session exists. */
export function useCurrentUser() {
  const { session } = useAuthSession();
  const userId = session?.user.id;
  return useQuery({
    queryKey: currentUserQueryKeys.byId(userId),
    queryFn: getCurrentUserOrSignOut,
    enabled: Boolean(userId),
    retry: false,
  });
}
