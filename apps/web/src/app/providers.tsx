import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { clearCurrentUser } from '../features/auth/api/get-current-user';
import { useAuthSession } from '../features/auth/api/get-session';
import { queryClient } from '../lib/query-client';

/** SPEC §4: on sign-out or a missing session the cached current-user data is cleared. */
function ClearUserWhenSignedOut() {
  const { status } = useAuthSession();
  useEffect(() => {
    if (status === 'signed-out') clearCurrentUser(queryClient);
  }, [status]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ClearUserWhenSignedOut />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
