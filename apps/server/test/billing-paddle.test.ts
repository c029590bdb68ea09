import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaddleGateway } from '../src/adapters/paddle-billing';
import { usagePeriod } from '../src/infrastructure/db/schema';
import { signPaddleBody } from '../src/infrastructure/payments/paddle-signature';
import { billEndedOverage } from '../src/modules/billing/service';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { startFakePaddle } from './helpers/fake-paddle';

const SECRET = 'pdl_ntfset_01_test_secret';
let paddle: Awaited<ReturnType<typeof startFakePaddle>>;
let testApp: TestApp;

beforeAll(async () => {
  paddle = await startFakePaddle();
  testApp = await startTestApp({
    PADDLE_API_KEY: 'pdl_sdbx_apikey_test_01',
    PADDLE_CLIENT_TOKEN: 'test_client_token_01',
    PADDLE_WEBHOOK_SECRET: `${SECRET},pdl_ntfset_00_old_secret`,
    PADDLE_API_BASE_URL: paddle.url,
    PADDLE_PRICE_STARTER: 'pri_starter',
    PADDLE_PRICE_PRO: 'pri_pro',
    PADDLE_PRICE_ELITE: 'pri_elite',
  });
});
afterAll(async () => {
  await testApp?.close();
  await paddle?.close();
});

/** A signed-in agent with a Pro subscription, made the way Paddle reports a checkout: by webhook. */
async function paddleSubscriber() {
  const agent = await signedInAgent(testApp);
  const userId = (await agent.client.get<{ id: string }>('/api/auth/user')).body.id;
  const subscriptionId = `sub_${userId}`;
  const start = new Date();
  const body = JSON.stringify({
    event_id: `evt_created_${userId}`,
    event_type: 'subscription.created',
    occurred_at: start.toISOString(),
    data: {
      id: subscriptionId,
      status: 'active',
      customer_id: `ctm_${userId}`,
      custom_data: { user_id: userId, account_email: agent.email },
      items: [{ price: { id: 'pri_pro' }, quantity: 1 }],
      current_billing_period: {
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
      },
      scheduled_change: null,
    },
  });
  const response = await fetch(new URL('/api/webhooks/paddle', testApp.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(body, SECRET) },
    body,
  });
  expect(response.status).toBe(200);
  return { ...agent, userId, subscriptionId };
}

const lastRequest = () => paddle.requests.at(-1)!;

describe('billing through Paddle (a loopback server speaking its API)', () => {
  it('tells the browser to use Paddle.js in the sandbox environment, with the client token', async () => {
    const { client } = await signedInAgent(testApp);
    expect((await client.get('/api/billing/config')).body).toEqual({
      provider: 'paddle',
      environment: 'sandbox',
      clientToken: 'test_client_token_01',
    });
    expect((await client.get<{ paddlePriceId: string }[]>('/api/plans')).body.map((p) => p.paddlePriceId)).toEqual([
      'pri_starter',
      'pri_pro',
      'pri_elite',
    ]);
    // The local sandbox does not exist when Paddle is configured.
    expect((await client.post('/api/payment-sandbox/checkout', { priceId: 'pri_pro' })).status).toBe(404);
  });

  it('opens a customer portal session for the customer and subscription', async () => {
    const { client, userId, subscriptionId } = await paddleSubscriber();
    const portal = await client.post<{ url: string }>('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(`https://customer-portal.paddle.com/cpl_01/overview?token=pga_ctm_${userId}`);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/customers/ctm_${userId}/portal-sessions`,
      body: { subscription_ids: [subscriptionId] },
    });
    // The SDK writes the scheme in lower case; HTTP schemes are case-insensitive.
    expect(lastRequest().authorization?.toLowerCase()).toBe('bearer pdl_sdbx_apikey_test_01');
  });

  it('cancels at the end of the period, reactivates, and changes plan with proration', async () => {
    const { client, subscriptionId } = await paddleSubscriber();
    expect((await client.post('/api/billing/cancel')).status).toBe(200);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/subscriptions/${subscriptionId}/cancel`,
      body: { effective_from: 'next_billing_period' },
    });

    // Paddle confirms by webhook; until then the state is what the last event said.
    expect((await client.post('/api/billing/reactivate')).body).toMatchObject({
      message: 'Your subscription is active and will renew as usual.',
    });

    expect((await client.post('/api/billing/change-plan', { planName: 'Elite' })).status).toBe(200);
    expect(lastRequest()).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${subscriptionId}`,
      body: { items: [{ price_id: 'pri_elite', quantity: 1 }], proration_billing_mode: 'prorated_immediately' },
    });
  });

  it("passes Paddle's refusal on as a 502 with its message", async () => {
    const { client } = await paddleSubscriber();
    paddle.failNextWith(400, 'subscription_locked_pending_changes', 'Subscription has pending changes.');
    const response = await client.post('/api/billing/cancel');
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ message: 'Subscription has pending changes.', code: 'PAYMENT_PROVIDER' });
  });

  it('bills an ended period’s overage once, as a one-off charge', async () => {
    const { userId, subscriptionId } = await paddleSubscriber();
    const ended = new Date(Date.now() - 86_400_000);
    await testApp.database.db.insert(usagePeriod).values({
      userId,
      kind: 'paid',
      planName: 'Pro',
      imagesIncluded: 400,
      imagesUsed: 412,
      allowOverage: true,
      overagePricePerImage: 30,
      providerSubscriptionId: subscriptionId,
      startsAt: new Date(ended.getTime() - 30 * 86_400_000),
      endsAt: ended,
    });
    const gateway = createPaddleGateway({ apiKey: 'pdl_sdbx_apikey_test_01', environment: paddle.url });
    const deps = { db: testApp.database.db, gateway, priceIds: testApp.config.billing.priceIds };
    const log = pino({ level: 'silent' });
    expect(await billEndedOverage(deps, log)).toBe(1);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/subscriptions/${subscriptionId}/charge`,
      body: {
        effective_from: 'immediately',
        items: [
          {
            quantity: 12,
            price: {
              description: '12 extra images on Pro',
              unit_price: { amount: '30', currency_code: 'USD' },
              product: { name: 'Hearth extra images', tax_category: 'standard' },
            },
          },
        ],
      },
    });
    const before = paddle.requests.length;
    expect(await billEndedOverage(deps, log)).toBe(0);
    expect(paddle.requests.length).toBe(before);
  });
});
