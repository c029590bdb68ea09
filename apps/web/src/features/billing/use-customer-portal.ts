import { errorMessage, isUnauthorizedError } from '../../lib/api-client';
import { redirectToLogin } from '../../lib/login-redirect';
import { showToast } from '../../lib/toast';
import { useOpenPortal } from './api/open-portal';

/**
 * 'Open Customer Portal': asks the server for a portal session and opens it in a new tab (SPEC §7). The tab
 * is opened during the click, before the answer arrives, because browsers block tabs opened later.
 */
export function useCustomerPortal() {
  const portal = useOpenPortal();

  const open = () => {
    const tab = window.open('', '_blank');
    // The portal must not be able to script this page through window.opener.
    if (tab) tab.opener = null;
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        if (isUnauthorizedError(error)) return redirectToLogin();
        showToast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error) ?? 'Failed to open billing portal. Please try again.',
        });
      },
    });
  };

  return { open, opening: portal.isPending };
}
