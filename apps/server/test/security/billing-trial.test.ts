import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddleBody } from '../../src/infrastructure/payments/paddle-signature';
import { startTestApp, type TestApp } from '../helpers/app';
import { signedInAgent } from '../helpers/accounts';
import type { ApiClient } from '../helpers/client';

/**
 * The free trial is for people who never paid: a subscriber (in any state) must not get it, and the
 * trial's 10 images must never stand in for a plan's allowance.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

type Body = Record<string, unknown>;
const PRO = 'pri_local_pro';
const SUBSCRIBED_MESSAGE =
  'The free trial is for accounts without a subscription. Manage your plan on the billing page.';

const usage = async (client: ApiClient) => (await client.get<Body>('/api/usage/stats')).body;

async function subscriber() {
  const agent = await signedInAgent(testApp);
  expect((await agent.client.post('/api/payment-sandbox/checkout', { priceId: PRO })).status).toBe(201);
  return agent;
}

async function expectTrialRefused(client: ApiClient) {
  for (const path of ['/api/start-trial', '/api/trial/start']) {
    const response = await client.post<Body>(path);
    expect(response.status, path).toBe(409);
    expect(response.body).toMatchObject({ code: 'HAS_SUBSCRIPTION', message: SUBSCRIBED_MESSAGE });
  }
  expect((await client.get<Body>('/api/auth/user')).body).toMatchObject({ trialUsed: false });
}

describe('a subscriber and the free trial', () => {
  it('a Pro subscriber cannot start the trial, and keeps the 400-image allowance', async () => {
    const { client } = await subscriber();
    expect(await usage(client)).toMatchObject({ canStartTrial: false, planName: 'Pro', imagesIncluded: 400 });
    await expectTrialRefused(client);
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'paid',
      planName: 'Pro',
      imagesIncluded: 400,
      imagesRemaining: -1,
      canStartTrial: false,
    });
  });

  it('nor can someone whose subscription was canceled, or is past due', async () => {
    const canceled = await subscriber();
    await canceled.client.post('/api/payment-sandbox/cancel');
    expect((await canceled.client.post('/api/payment-sandbox/renew-now')).status).toBe(200);
    expect(await usage(canceled.client)).toMatchObject({ subscriptionType: 'canceled', canStartTrial: false });
    await expectTrialRefused(canceled.client);

    const overdue = await subscriber();
    await overdue.client.post('/api/payment-sandbox/fail-next-renewal', { fail: true });
    await overdue.client.post('/api/payment-sandbox/renew-now');
    expect(await usage(overdue.client)).toMatchObject({ subscriptionType: 'past_due', canStartTrial: false });
    await expectTrialRefused(overdue.client);
  });

  it('nor someone whose first payment arrived before the subscription event', async () => {
    const { client } = await signedInAgent(testApp);
    const userId = (await client.get<Body>('/api/auth/user')).body.id as string;
    const start = new Date();
    const payment = {
      event_id: `evt_txn_first_${userId}`,
      event_type: 'transaction.completed',
      occurred_at: start.toISOString(),
      notification_id: `ntf_txn_first_${userId}`,
      data: {
        id: `txn_first_${userId}`,
        status: 'completed',
        origin: 'web',
        customer_id: `ctm_${userId}`,
        subscription_id: `sub_early_${userId}`,
        custom_data: { user_id: userId, account_email: 'agent@example.com' },
        billing_period: {
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
        },
        items: [{ price: { id: PRO }, quantity: 1 }],
      },
    };
    expect((await postWebhook(payment)).status).toBe(200);
    expect(await usage(client)).toMatchObject({ canStartTrial: false });
    await expectTrialRefused(client);
  });

  it('a trial user who subscribes gets the plan, even when Paddle dates the period before the trial', async () => {
    const { client } = await signedInAgent(testApp);
    const userId = (await client.get<Body>('/api/auth/user')).body.id as string;
    expect((await client.post('/api/start-trial')).status).toBe(201);
    expect((await postWebhook(subscriptionCreated(userId))).status).toBe(200);
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'paid',
      planName: 'Pro',
      imagesIncluded: 400,
      imagesRemaining: -1,
      canStartTrial: false,
    });
  });

  it('a trial started while the subscription is being recorded never replaces the plan', async () => {
    for (let round = 0; round < 4; round++) {
      const { client } = await signedInAgent(testApp);
      const userId = (await client.get<Body>('/api/auth/user')).body.id as string;
      const created = subscriptionCreated(userId);
      const [trial, webhook] = await Promise.all([client.post('/api/start-trial'), postWebhook(created)]);
      expect(webhook.status).toBe(200);
      expect([201, 409]).toContain(trial.status);
      // Whichever came first, the plan's allowance is what the account has now.
      expect(await usage(client)).toMatchObject({
        subscriptionType: 'paid',
        planName: 'Pro',
        imagesIncluded: 400,
        imagesRemaining: -1,
        canStartTrial: false,
      });
    }
  });
});

/** Paddle's subscription.created for a Pro checkout whose period began a minute ago (Paddle dates it at payment). */
function subscriptionCreated(userId: string) {
  const now = Date.now();
  return {
    event_id: `evt_created_${userId}`,
    event_type: 'subscription.created',
    occurred_at: new Date(now).toISOString(),
    notification_id: `ntf_created_${userId}`,
    data: {
      id: `sub_${userId}`,
      status: 'active',
      customer_id: `ctm_${userId}`,
      custom_data: { user_id: userId, account_email: 'agent@example.com' },
      items: [{ price: { id: PRO }, quantity: 1 }],
      current_billing_period: {
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 30 * 86_400_000).toISOString(),
      },
      scheduled_change: null,
    },
  };
}

function postWebhook(body: unknown) {
  const raw = JSON.stringify(body);
  return fetch(new URL('/api/webhooks/paddle', testApp.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paddle-signature': signPaddleBody(raw, testApp.config.billing.webhookSecrets[0]!),
    },
    body: raw,
  });
}
