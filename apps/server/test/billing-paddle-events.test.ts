import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddleBody } from '../src/infrastructure/payments/paddle-signature';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import {
  exampleSubscription,
  exampleTimes,
  subscriptionNotification,
  type ExampleSubscription,
  type SubscriptionEventType,
} from './fixtures/paddle-notifications';

/**
 * Every subscription event Paddle Billing sends, in the shape of Paddle's published examples (not only what
 * the local sandbox sends), through the real signature check and handler over HTTP.
 */
const SECRET = 'pdl_ntfset_01_events_secret';
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    PADDLE_API_KEY: 'pdl_sdbx_apikey_events_01',
    PADDLE_CLIENT_TOKEN: 'test_client_token_events',
    PADDLE_WEBHOOK_SECRET: SECRET,
    // Never called here: these tests only receive notifications.
    PADDLE_API_BASE_URL: 'http://127.0.0.1:9',
    PADDLE_PRICE_STARTER: 'pri_01hearthstarter0000000000',
    PADDLE_PRICE_PRO: 'pri_01hearthpro00000000000000',
    PADDLE_PRICE_ELITE: 'pri_01hearthelite000000000000',
  });
});
afterAll(async () => testApp?.close());

type Body = Record<string, unknown>;
const PRO = 'pri_01hearthpro00000000000000';
const ELITE = 'pri_01hearthelite000000000000';
const { HOUR, DAY } = exampleTimes;
const PAUSED = 'Your subscription is paused. Resume it in the customer portal to upload and enhance photos.';

async function deliver(body: unknown) {
  const raw = JSON.stringify(body);
  const response = await fetch(new URL('/api/webhooks/paddle', testApp.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(raw, SECRET) },
    body: raw,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: string }).result;
}

async function customer() {
  const agent = await signedInAgent(testApp);
  const userId = (await agent.client.get<Body>('/api/auth/user')).body.id as string;
  return { ...agent, userId };
}

const billing = async (client: ApiClient) => (await client.get<Body>('/api/billing/status')).body;
const usage = async (client: ApiClient) => (await client.get<Body>('/api/usage/stats')).body;

/** Sends `eventType` for `sub`, `minutes` after the subscription started, in the given state. */
function send(
  eventType: SubscriptionEventType,
  sub: ExampleSubscription,
  minutes: number,
  state: Omit<Parameters<typeof subscriptionNotification>[2], 'occurredAt'>,
) {
  return deliver(subscriptionNotification(eventType, sub, { ...state, occurredAt: sub.startedAt + minutes * 60_000 }));
}

describe("Paddle's subscription events, as Paddle publishes them", () => {
  it('trialing, activated, paused and resumed are each applied, with the plan found in any item', async () => {
    const { client, userId, email } = await customer();
    const sub = exampleSubscription(PRO, { user_id: userId, account_email: email });
    const trialPeriod = { startsAt: sub.startedAt, endsAt: sub.startedAt + 14 * DAY };

    expect(await send('subscription.trialing', sub, 1, { status: 'trialing', period: trialPeriod })).toBe('applied');
    expect(await billing(client)).toMatchObject({
      hasSubscription: true,
      subscriptionStatus: 'trialing',
      planName: 'Pro',
    });
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'paid',
      planName: 'Pro',
      imagesIncluded: 400,
      canUpload: true,
    });

    const paidPeriod = { startsAt: trialPeriod.endsAt, endsAt: trialPeriod.endsAt + 30 * DAY };
    // Paddle dates the first paid period from the trial's end; the test is 14 days "later" by its clock.
    expect(await send('subscription.activated', sub, 2, { status: 'active', period: paidPeriod })).toBe('applied');
    expect(await billing(client)).toMatchObject({ subscriptionStatus: 'active', planName: 'Pro' });

    expect(await send('subscription.paused', sub, 3, { status: 'paused', period: null })).toBe('applied');
    const paused = await usage(client);
    expect(paused).toMatchObject({ subscriptionType: 'paused', canUpload: false, restriction: PAUSED });
    expect(JSON.stringify(paused)).not.toMatch(/cancel/i);
    expect(await billing(client)).toMatchObject({
      hasSubscription: true,
      subscriptionStatus: 'paused',
      planName: 'Pro',
      cancelAtPeriodEnd: false,
    });
    const refused = await client.post<Body>('/api/projects', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PAUSED);

    const resumedPeriod = { startsAt: Date.now() - 60_000, endsAt: Date.now() + 30 * DAY };
    expect(await send('subscription.resumed', sub, 4, { status: 'active', period: resumedPeriod })).toBe('applied');
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'paid',
      planName: 'Pro',
      imagesIncluded: 400,
      canUpload: true,
      restriction: null,
      currentPeriodEnd: new Date(resumedPeriod.endsAt).toISOString(),
    });
    expect(await billing(client)).toMatchObject({ subscriptionStatus: 'active' });
    expect((await client.post('/api/projects', {})).status).toBe(201);
  });

  it('an imported subscription is applied like a new one', async () => {
    const { client, userId, email } = await customer();
    const sub = exampleSubscription(ELITE, { user_id: userId, account_email: email });
    const period = { startsAt: Date.now() - HOUR, endsAt: Date.now() + 29 * DAY };
    expect(await send('subscription.imported', sub, 1, { status: 'active', period })).toBe('applied');
    expect(await billing(client)).toMatchObject({ subscriptionStatus: 'active', planName: 'Elite', amount: 44900 });
    expect(await usage(client)).toMatchObject({ subscriptionType: 'paid', planName: 'Elite', imagesIncluded: 1500 });
  });

  it('created, updated, past_due and canceled follow the subscription, with the plan as its second item', async () => {
    const { client, userId, email } = await customer();
    const sub = exampleSubscription(PRO, { user_id: userId, account_email: email });
    const period = { startsAt: Date.now() - HOUR, endsAt: Date.now() + 29 * DAY };
    expect(await send('subscription.created', sub, 1, { status: 'active', period })).toBe('applied');
    expect(await usage(client)).toMatchObject({ planName: 'Pro', imagesIncluded: 400 });

    const ending = { action: 'cancel' as const, effective_at: new Date(period.endsAt).toISOString(), resume_at: null };
    expect(await send('subscription.updated', sub, 2, { status: 'active', period, scheduledChange: ending })).toBe(
      'applied',
    );
    expect(await billing(client)).toMatchObject({ subscriptionStatus: 'canceling', cancelAtPeriodEnd: true });

    expect(await send('subscription.past_due', sub, 3, { status: 'past_due', period })).toBe('applied');
    expect(await usage(client)).toMatchObject({ subscriptionType: 'past_due', canUpload: true });

    expect(await send('subscription.canceled', sub, 4, { status: 'canceled', period: null })).toBe('applied');
    expect(await usage(client)).toMatchObject({ subscriptionType: 'canceled', canUpload: false });
    expect(await billing(client)).toMatchObject({ hasSubscription: false, subscriptionStatus: 'canceled' });
  });

  it('a subscription whose items hold none of our plans is acknowledged and left alone', async () => {
    const { client, userId, email } = await customer();
    const sub = exampleSubscription('pri_01someoneelsesproduct0000', { user_id: userId, account_email: email });
    const period = { startsAt: Date.now() - HOUR, endsAt: Date.now() + 29 * DAY };
    expect(await send('subscription.created', sub, 1, { status: 'active', period })).toBe('ignored');
    expect(await billing(client)).toMatchObject({ hasSubscription: false, subscriptionStatus: 'none' });
  });
});
