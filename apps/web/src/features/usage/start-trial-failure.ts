import { errorMessage, isUnauthorizedError } from '../../lib/api-client';
import { redirectToLogin } from '../../lib/login-redirect';
import { showToast } from '../../lib/toast';

/** A start-trial call that failed, from the dashboard or billing: back to sign-in, or the SPEC error toast. */
export function reportStartTrialFailure(error: unknown) {
  if (isUnauthorizedError(error)) return redirectToLogin();
  showToast({
    variant: 'destructive',
    title: 'Error',
    description: errorMessage(error) ?? 'Failed to start trial. Please try again.',
  });
}
