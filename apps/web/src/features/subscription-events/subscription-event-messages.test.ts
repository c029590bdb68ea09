import { describe, expect, it } from 'vitest';
import {
  parseSubscriptionEvent,
  photoUpdateOf,
  subscriptionEventToast,
  subscriptionStreamUrl,
} from './subscription-event-messages';

describe('subscription event stream messages (SPEC §4, §8)', () => {
  it('adds the token only when one is held, encoded', () => {
    expect(subscriptionStreamUrl(null)).toBe('/api/sse/subscriptions');
    expect(subscriptionStreamUrl('a+b/c=')).toBe('/api/sse/subscriptions?token=a%2Bb%2Fc%3D');
  });

  it('parses known events and ignores unknown or broken ones', () => {
    expect(parseSubscriptionEvent('{"type":"connected"}')).toEqual({ type: 'connected' });
    expect(parseSubscriptionEvent('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(parseSubscriptionEvent('{"type":"subscription.updated","data":{"userId":"u1","planName":"Pro"}}')).toEqual({
      type: 'subscription.updated',
      data: { userId: 'u1', planName: 'Pro' },
    });
    expect(parseSubscriptionEvent('{"type":"subscription.paused","data":{}}')).toBeNull();
    expect(parseSubscriptionEvent('{"type":"subscription.updated"}')).toBeNull();
    expect(parseSubscriptionEvent('not json')).toBeNull();
  });

  it('toasts the two subscription events with the SPEC wording, and nothing for the others', () => {
    expect(subscriptionEventToast({ type: 'subscription.canceled', data: { userId: 'u1', planName: 'Pro' } })).toEqual({
      title: 'Subscription Canceled',
      description: "Your subscription has been canceled. You'll retain access until the end of your billing period.",
    });
    expect(subscriptionEventToast({ type: 'subscription.updated', data: { userId: 'u1', planName: 'Elite' } })).toEqual(
      { title: 'Subscription Updated', description: 'Welcome back! Your Elite subscription is now active.' },
    );
    expect(
      subscriptionEventToast({ type: 'subscription.updated', data: { userId: 'u1', planName: null } })?.description,
    ).toBe('Welcome back! Your your plan subscription is now active.');
    expect(subscriptionEventToast({ type: 'connected' })).toBeNull();
    expect(subscriptionEventToast({ type: 'ping' })).toBeNull();
  });

  it('reads which photo a photo.updated event is about, and toasts nothing for it', () => {
    const data = { projectId: 'p1', photoId: 'ph1', versionId: 'v1', status: 'completed' as const };
    const event = parseSubscriptionEvent(JSON.stringify({ type: 'photo.updated', data }));
    expect(photoUpdateOf(event)).toEqual(data);
    expect(subscriptionEventToast(event!)).toBeNull();
    expect(photoUpdateOf({ type: 'ping' })).toBeNull();
    expect(photoUpdateOf(null)).toBeNull();
  });
});
