import { subscriptionEventSchema, type SubscriptionEvent } from '@hearth/contracts';

export const SUBSCRIPTION_STREAM_PATH = '/api/sse/subscriptions';

/** SPEC §7: the token query parameter is added only when a bearer token is held. */
export function subscriptionStreamUrl(token: string | null): string {
  return token ? `${SUBSCRIPTION_STREAM_PATH}?token=${encodeURIComponent(token)}` : SUBSCRIPTION_STREAM_PATH;
}

/** One `data:` payload of the stream; null for anything that is not a known event (SPEC §4: ignored). */
export function parseSubscriptionEvent(data: string): SubscriptionEvent | null {
  try {
    const parsed = subscriptionEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** SPEC §8 toasts for the two subscription events; null for connected and ping. */
export function subscriptionEventToast(event: SubscriptionEvent): { title: string; description: string } | null {
  switch (event.type) {
    case 'subscription.canceled':
      return {
        title: 'Subscription Canceled',
        description: "Your subscription has been canceled. You'll retain access until the end of your billing period.",
      };
    case 'subscription.updated':
      return {
        title: 'Subscription Updated',
        description: `Welcome back! Your ${event.data.planName ?? 'your plan'} subscription is now active.`,
      };
    default:
      return null;
  }
}

export type PhotoUpdate = Extract<SubscriptionEvent, { type: 'photo.updated' }>['data'];

/** The photo a `photo.updated` event is about (a version of it started, completed or failed); null otherwise. */
export const photoUpdateOf = (event: SubscriptionEvent | null): PhotoUpdate | null =>
  event?.type === 'photo.updated' ? event.data : null;
