import { useEffect, useRef } from 'react';
import { currentBearerToken } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import {
  parseSubscriptionEvent,
  photoUpdateOf,
  subscriptionEventToast,
  subscriptionStreamUrl,
  type PhotoUpdate,
} from './subscription-event-messages';
import { retryDelayMs } from './reconnect';

/**
 * SPEC §4 event stream: open only while a user is signed in, closed when they leave or sign out. On
 * subscription.canceled and subscription.updated it shows the SPEC toast and calls `onSubscriptionChange`
 * (the caller refetches billing status, usage stats and the current user). EventSource reconnects by itself
 * after a dropped connection; a refusal (a 429 when the account has its 5 streams open elsewhere) is tried again
 * later (reconnect.ts), and what changed meanwhile is fetched once it is back. A `photo.updated` event (a version
 * of a photo started, completed or failed) is handed to `onPhotoUpdated` without a toast.
 */
export function useSubscriptionEvents(
  userId: string | undefined,
  onSubscriptionChange: () => void,
  onPhotoUpdated: (update: PhotoUpdate) => void = () => undefined,
) {
  const onChange = useRef(onSubscriptionChange);
  const onPhoto = useRef(onPhotoUpdated);
  useEffect(() => {
    onChange.current = onSubscriptionChange;
    onPhoto.current = onPhotoUpdated;
  }, [onSubscriptionChange, onPhotoUpdated]);

  useEffect(() => {
    if (!userId) return;
    let stream: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;

    const open = () => {
      stream = new EventSource(subscriptionStreamUrl(currentBearerToken()), { withCredentials: true });
      stream.onopen = () => {
        // Back after a refusal: what changed meanwhile was not announced, so look again.
        if (refusals > 0) onChange.current();
        refusals = 0;
      };
      stream.onmessage = (message: MessageEvent<string>) => {
        const event = parseSubscriptionEvent(message.data);
        const photo = photoUpdateOf(event);
        if (photo) return onPhoto.current(photo);
        const toast = event ? subscriptionEventToast(event) : null;
        if (!toast) return;
        // One id for every subscription event: a newer one replaces the last instead of queueing behind it.
        showToast({ ...toast, id: 'subscription-event' });
        onChange.current();
      };
      stream.onerror = () => {
        // CONNECTING: the browser is already reconnecting by itself. CLOSED: the server refused; try later.
        if (stream?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(open, retryDelayMs(refusals++));
      };
    };

    open();
    return () => {
      clearTimeout(retry);
      stream?.close();
    };
  }, [userId]);
}
