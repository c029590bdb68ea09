import { useEffect, useRef } from 'react';
import { currentBearerToken } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { parseSubscriptionEvent, subscriptionEventToast, subscriptionStreamUrl } from './subscription-event-messages';

/**
 * SPEC §4 event stream: open only while a user is signed in, closed when they leave or sign out. On
 * subscription.canceled and subscription.updated it shows the SPEC toast and calls `onSubscriptionChange`
 * (the caller refetches billing status, usage stats and the current user). EventSource reconnects by itself
 * after a dropped connection; an answer such as 401 or 429 ends it for good.
 */
export function useSubscriptionEvents(userId: string | undefined, onSubscriptionChange: () => void) {
  const onChange = useRef(onSubscriptionChange);
  useEffect(() => {
    onChange.current = onSubscriptionChange;
  }, [onSubscriptionChange]);

  useEffect(() => {
    if (!userId) return;
    const stream = new EventSource(subscriptionStreamUrl(currentBearerToken()), { withCredentials: true });
    stream.onmessage = (message: MessageEvent<string>) => {
      const event = parseSubscriptionEvent(message.data);
      const toast = event ? subscriptionEventToast(event) : null;
      if (!toast) return;
      // One id for every subscription event: a newer one replaces the last instead of queueing behind it.
      showToast({ ...toast, id: 'subscription-event' });
      onChange.current();
    };
    return () => stream.close();
  }, [userId]);
}
