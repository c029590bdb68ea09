import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddleBody } from '../../src/infrastructure/payments/paddle-signature';
import { startTestApp, type TestApp } from '../helpers/app';
import { signedInAgent } from '../helpers/accounts';

/**
 * Issue item 20: a signed webhook was accepted up to 300 s after it was signed, so a captured request could be
 * replayed for five minutes. Paddle's own SDK allows 5 s; PADDLE_WEBHOOK_TOLERANCE_SECONDS changes it.
 */
const SECONDS = 1000;

async function subscriberEvent(testApp: TestApp) {
  const { client } = await signedInAgent(testApp);
  const userId = (await client.get<{ id: string }>('/api/auth/user')).body.id;
  const body = JSON.stringify({
    event_id: `evt_replay_${userId}`,
    event_type: 'subscription.created',
    occurred_at: new Date().toISOString(),
    data: {
      id: `sub_replay_${userId}`,
      status: 'active',
      customer_id: `ctm_${userId}`,
      custom_data: { user_id: userId, account_email: 'someone@example.com' },
      items: [{ price: { id: testApp.config.billing.priceIds.pro }, quantity: 1 }],
      current_billing_period: {
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
      scheduled_change: null,
    },
  });
  const status = async () => (await client.get<{ subscriptionStatus: string }>('/api/billing/status')).body;
  return { body, status };
}

/** The event as Paddle signs it `ageSeconds` ago (negative: in the future), posted now. */
function postSigned(testApp: TestApp, body: string, ageSeconds: number) {
  const signedAt = new Date(Date.now() - ageSeconds * SECONDS);
  return fetch(new URL('/api/webhooks/paddle', testApp.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paddle-signature': signPaddleBody(body, testApp.config.billing.webhookSecrets[0]!, signedAt),
    },
    body,
  });
}

describe('a webhook signed some seconds ago, with the default tolerance', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it.each([10, -10, 60, 299])(
    'is refused when signed %i s before now (negative: after), and changes nothing',
    async (ageSeconds) => {
      const { body, status } = await subscriberEvent(testApp);
      const response = await postSigned(testApp, body, ageSeconds);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        message: 'Stale Paddle-Signature timestamp',
        code: 'BAD_SIGNATURE',
      });
      expect((await status()).subscriptionStatus).toBe('none');
    },
  );

  it('is applied when freshly signed', async () => {
    const { body, status } = await subscriberEvent(testApp);
    expect((await postSigned(testApp, body, 0)).status).toBe(200);
    expect((await status()).subscriptionStatus).toBe('active');
  });
});

describe('a webhook with PADDLE_WEBHOOK_TOLERANCE_SECONDS=30', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ PADDLE_WEBHOOK_TOLERANCE_SECONDS: '30' });
  });
  afterAll(() => testApp.close());

  it('is applied when signed 10 s ago, and refused when signed 40 s ago', async () => {
    const late = await subscriberEvent(testApp);
    expect((await postSigned(testApp, late.body, 40)).status).toBe(401);
    expect((await late.status()).subscriptionStatus).toBe('none');

    const recent = await subscriberEvent(testApp);
    expect((await postSigned(testApp, recent.body, 10)).status).toBe(200);
    expect((await recent.status()).subscriptionStatus).toBe('active');
  });
});
