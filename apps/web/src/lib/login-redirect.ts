import { showToast } from './toast';

export const LOGIN_REDIRECT_DELAY_MS = 500;

let redirecting = false;

/**
 * SPEC §8: a call that finds the user logged out shows 'Unauthorized - You are logged out. Logging in
 * again...' and sends the browser to /api/login after 500 ms. Several failing calls redirect once.
 */
export function redirectToLogin() {
  if (redirecting) return;
  redirecting = true;
  showToast({
    id: 'unauthorized',
    variant: 'destructive',
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
  });
  setTimeout(() => window.location.assign('/api/login'), LOGIN_REDIRECT_DELAY_MS);
}
