import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../src/infrastructure/db/schema';
import { signPaddleBody } from '../src/infrastructure/payments/paddle-signature';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

type Body = Record<string, unknown>;
const PRO = 'pri_local_pro';

async function subscribedAgent(priceId = PRO) {
  const agent = await signedInAgent(testApp);
  const checkout = await agent.client.post('/api/payment-sandbox/checkout', { priceId });
  expect(checkout.status).toBe(201);
  return agent;
}

const status = async (client: ApiClient) => (await client.get<Body>('/api/billing/status')).body;
const usage = async (client: ApiClient) => (await client.get<Body>('/api/usage/stats')).body;

/** Posts a body to the webhook as Paddle would, signed with the configured secret (or `secret`). */
function postWebhook(body: unknown, options: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = options.secret ?? testApp.config.billing.webhookSecrets[0]!;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? signPaddleBody(raw, secret, options.at) : options.signature;
  if (signature !== null) headers['paddle-signature'] = signature;
  return fetch(new URL('/api/webhooks/paddle', testApp.baseUrl), { method: 'POST', headers, body: raw });
}

describe('GET /api/plans', () => {
  it('lists the three plans with their price ids, allowances, retention and overage terms', async () => {
    const response = await new ApiClient(testApp.baseUrl).get<Body[]>('/api/plans');
    expect(response.status).toBe(200);
    expect(response.body.map((p) => [p.name, p.amount, p.imagesIncluded, p.paddlePriceId, p.isPopular])).toEqual([
      ['Starter', 4900, 100, 'pri_local_starter', false],
      ['Pro', 9900, 400, 'pri_local_pro', true],
      ['Elite', 44900, 1500, 'pri_local_elite', false],
    ]);
    expect(response.body.map((p) => p.overagePricePerImage)).toEqual([null, 30, 25]);
    expect(response.body.map((p) => p.retentionPeriodDays)).toEqual([30, 30, 90]);
  });

  it('says the browser pays through the local sandbox when Paddle is not configured', async () => {
    const response = await new ApiClient(testApp.baseUrl).get('/api/billing/config');
    expect(response.body).toEqual({ provider: 'local-sandbox' });
  });
});

describe('the paid journey through the local payment sandbox', () => {
  it('starts with no subscription, and needs a signed-in user', async () => {
    expect((await new ApiClient(testApp.baseUrl).get('/api/billing/status')).status).toBe(401);
    const { client } = await signedInAgent(testApp);
    expect(await status(client)).toEqual({
      hasSubscription: false,
      subscriptionStatus: 'none',
      planName: null,
      amount: 9900,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });
    expect((await client.post('/api/billing/portal')).status).toBe(404);
  });

  it('checkout makes an active Pro subscription with a fresh 400-image period that goes on past it', async () => {
    const { client } = await subscribedAgent();
    const billing = await status(client);
    expect(billing).toMatchObject({
      hasSubscription: true,
      subscriptionStatus: 'active',
      planName: 'Pro',
      amount: 9900,
    });
    expect(new Date(billing.currentPeriodEnd as string).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'paid',
      planName: 'Pro',
      imagesUsed: 0,
      imagesIncluded: 400,
      imagesRemaining: -1,
      canUpload: true,
      overageImages: 0,
      overageCost: 0,
    });
    const me = await client.get<Body>('/api/auth/user');
    expect(me.body.subscriptionStatus).toBe('active');
    // A second checkout while subscribed is refused: changes go through the portal.
    const again = await client.post('/api/payment-sandbox/checkout', { priceId: PRO });
    expect(again.status).toBe(409);
  });

  it('Starter stops at its 100 images', async () => {
    const { client } = await subscribedAgent('pri_local_starter');
    expect(await usage(client)).toMatchObject({ planName: 'Starter', imagesIncluded: 100, imagesRemaining: 100 });
  });

  it('refuses a checkout for a price that is not a plan', async () => {
    const { client } = await signedInAgent(testApp);
    const response = await client.post('/api/payment-sandbox/checkout', { priceId: 'pri_made_up' });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Plan configuration error. Please contact support.');
  });

  it('cancel at period end keeps access until then; reactivate undoes it', async () => {
    const { client } = await subscribedAgent();
    const cancel = await client.post('/api/billing/cancel');
    expect(cancel.status).toBe(200);
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'canceling', cancelAtPeriodEnd: true });
    expect(await usage(client)).toMatchObject({ subscriptionType: 'paid', canUpload: true });
    expect((await client.post('/api/billing/reactivate')).status).toBe(200);
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });
  });

  it('a canceled subscription ends at renewal and restricts access', async () => {
    const { client } = await subscribedAgent();
    await client.post('/api/payment-sandbox/cancel');
    expect((await client.post('/api/payment-sandbox/renew-now')).status).toBe(200);
    expect(await status(client)).toMatchObject({
      hasSubscription: false,
      subscriptionStatus: 'canceled',
      planName: 'Pro',
      cancelAtPeriodEnd: false,
    });
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'canceled',
      canUpload: false,
      restriction: 'Your subscription was canceled. Please resubscribe to upload and enhance photos.',
    });
    const project = await client.post('/api/projects', {});
    expect(project.status).toBe(403);
    // Subscribing again works.
    expect((await client.post('/api/payment-sandbox/checkout', { priceId: PRO })).status).toBe(201);
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('a failed renewal is past due: uploads go on for 3 days of grace, then stop until paid', async () => {
    const { client, email } = await subscribedAgent();
    await client.post('/api/payment-sandbox/fail-next-renewal', { fail: true });
    await client.post('/api/payment-sandbox/renew-now');
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'past_due' });
    const inGrace = await usage(client);
    expect(inGrace).toMatchObject({ subscriptionType: 'past_due', canUpload: true, imagesUsed: 0 });
    const graceEnd = new Date(inGrace.gracePeriodEndDate as string).getTime();
    expect(graceEnd).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 60_000);
    expect(graceEnd).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);

    // Four days later the grace is over.
    const [row] = await testApp.database.db.select().from(subscription).where(eq(subscription.status, 'past_due'));
    expect(row).toBeDefined();
    const me = await client.get<Body>('/api/auth/user');
    expect(me.body.email).toBe(email);
    await testApp.database.db
      .update(subscription)
      .set({ pastDueSince: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(subscription.userId, me.body.id as string));
    expect(await usage(client)).toMatchObject({
      canUpload: false,
      restriction: 'Your payment is past due and the grace period has expired. Complete payment to restore access.',
    });

    expect((await client.post('/api/payment-sandbox/pay-now')).status).toBe(200);
    expect(await usage(client)).toMatchObject({ subscriptionType: 'paid', canUpload: true });
  });

  it('changes plan: the current period takes the new allowance and keeps what was used', async () => {
    const { client } = await subscribedAgent();
    const change = await client.post('/api/billing/change-plan', { planName: 'Elite' });
    expect(change.status).toBe(200);
    expect(await status(client)).toMatchObject({ planName: 'Elite', amount: 44900 });
    expect(await usage(client)).toMatchObject({ planName: 'Elite', imagesIncluded: 1500, retentionDays: 90 });
    expect((await client.post('/api/billing/change-plan', { planName: 'Elite' })).status).toBe(409);
    const bad = await client.post('/api/billing/change-plan', { planName: 'Platinum' });
    expect(bad.status).toBe(400);
  });

  it('opens the sandbox customer portal', async () => {
    const { client } = await subscribedAgent();
    const portal = await client.post<Body>('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe('http://localhost:3000/billing/sandbox-portal');
  });

  it("keeps each user's billing private", async () => {
    const owner = await subscribedAgent();
    const other = await signedInAgent(testApp);
    expect(await status(other.client)).toMatchObject({ hasSubscription: false });
    expect((await other.client.post('/api/payment-sandbox/cancel')).status).toBe(404);
    expect((await other.client.get<Body>('/api/payment-sandbox/subscription')).body).toEqual({ subscription: null });
    expect(await status(owner.client)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });
  });
});

describe('POST /api/webhooks/paddle', () => {
  const subscriptionEvent = (userId: string, overrides: Body = {}, data: Body = {}) => ({
    event_id: `evt_${Math.random().toString(36).slice(2)}`,
    event_type: 'subscription.updated',
    occurred_at: new Date().toISOString(),
    data: {
      id: `sub_test_${userId}`,
      status: 'active',
      customer_id: 'ctm_test',
      custom_data: { user_id: userId, account_email: 'someone@example.com' },
      items: [{ price: { id: PRO }, quantity: 1 }],
      current_billing_period: {
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
      scheduled_change: null,
      ...data,
    },
    ...overrides,
  });

  async function userId() {
    const { client } = await signedInAgent(testApp);
    return { client, id: (await client.get<Body>('/api/auth/user')).body.id as string };
  }

  it('refuses a missing, wrong or stale signature, and a body changed after signing', async () => {
    const { id } = await userId();
    const event = subscriptionEvent(id);
    expect((await postWebhook(event, { signature: null })).status).toBe(401);
    expect((await postWebhook(event, { secret: 'not-the-secret-at-all' })).status).toBe(401);
    expect((await postWebhook(event, { at: new Date(Date.now() - 10 * 60_000) })).status).toBe(401);
    const raw = JSON.stringify(event);
    const signature = signPaddleBody(raw, testApp.config.billing.webhookSecrets[0]!);
    const tampered = raw.replace('"active"', '"paused"');
    const response = await postWebhook(tampered, { signature });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid Paddle-Signature' });
  });

  it('applies an event once, however often it is delivered', async () => {
    const { client, id } = await userId();
    const event = subscriptionEvent(id);
    const first = await postWebhook(event);
    expect(await first.json()).toMatchObject({ result: 'applied' });
    const again = await postWebhook(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ result: 'duplicate' });
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'active', planName: 'Pro' });
  });

  it('never lets an older event overwrite a newer state', async () => {
    const { client, id } = await userId();
    const now = Date.now();
    const newer = subscriptionEvent(id, { occurred_at: new Date(now).toISOString() }, { status: 'canceled' });
    const older = subscriptionEvent(id, { occurred_at: new Date(now - 60_000).toISOString() }, { status: 'active' });
    expect((await postWebhook(newer)).status).toBe(200);
    expect((await postWebhook(older)).status).toBe(200);
    expect(await status(client)).toMatchObject({ subscriptionStatus: 'canceled' });
  });

  it('answers 400 for a signed body that is not a Paddle event, and acknowledges unknown event types', async () => {
    expect((await postWebhook('{"hello":"world"}')).status).toBe(400);
    expect((await postWebhook('not json')).status).toBe(400);
    const unknown = await postWebhook({
      event_id: 'evt_unknown_type',
      event_type: 'address.created',
      occurred_at: new Date().toISOString(),
      data: {},
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ result: 'ignored' });
  });

  it('ignores an event for a price that is not one of our plans', async () => {
    const { client, id } = await userId();
    const response = await postWebhook(subscriptionEvent(id, {}, { items: [{ price: { id: 'pri_other_product' } }] }));
    expect(await response.json()).toMatchObject({ result: 'ignored' });
    expect(await status(client)).toMatchObject({ hasSubscription: false });
  });
});
