import type { User } from '@hearth/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../api/get-current-user';

/** Renders its children with the signed-in user once loaded; a spinner before, a retry card on failure. */
export function CurrentUserGate({ children }: { children: (user: User) => ReactNode }) {
  const { data: user, error, refetch, isFetching } = useCurrentUser();
  if (user) return children(user);
  if (error) {
    return (
      <Card className="mx-auto mt-10 max-w-md">
        <CardContent className="space-y-4">
          <CardTitle>We couldn't load your account</CardTitle>
          <CardDescription>{errorMessage(error) ?? 'Please check your connection and try again.'}</CardDescription>
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Spinner className="py-24" />;
}
