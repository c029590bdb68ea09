import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../src/modules/events/subscription-stream';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { cookieOf, openStream } from './helpers/sse';

describe('GET /api/sse/subscriptions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => testApp?.close());

  it('needs a session', async () => {
    const stream = await openStream(testApp.baseUrl);
    expect(stream.status).toBe(401);
  });

  it("carries the user's own subscription events, and no one else's", async () => {
    const buyer = await signedInAgent(testApp);
    const bystander = await signedInAgent(testApp);
    const buyerStream = await openStream(testApp.baseUrl, { cookie: cookieOf(buyer.client) });
    const bystanderStream = await openStream(testApp.baseUrl, { cookie: cookieOf(bystander.client) });
    expect(buyerStream.status).toBe(200);
    await buyerStream.next('connected');
    await bystanderStream.next('connected');

    await buyer.client.post('/api/payment-sandbox/checkout', { priceId: 'pri_local_pro' });
    const updated = await buyerStream.next('subscription.updated');
    const buyerId = (await buyer.client.get<{ id: string }>('/api/auth/user')).body.id;
    expect(updated.data).toEqual({ userId: buyerId, planName: 'Pro' });

    await buyer.client.post('/api/billing/cancel');
    expect((await buyerStream.next('subscription.canceled')).data).toEqual({ userId: buyerId, planName: 'Pro' });
    expect(bystanderStream.messages.map((m) => m.type)).toEqual(['connected']);
    buyerStream.close();
    bystanderStream.close();
  });

  it('accepts the bearer token as ?token=', async () => {
    const agent = await signedInAgent(testApp);
    const stream = await openStream(testApp.baseUrl, { token: agent.token });
    expect(stream.status).toBe(200);
    await stream.next('connected');
    stream.close();
    expect((await openStream(testApp.baseUrl, { token: 'not-a-token' })).status).toBe(401);
  });

  it(`allows at most ${MAX_STREAMS_PER_USER} streams per user`, async () => {
    const agent = await signedInAgent(testApp);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = await openStream(testApp.baseUrl, { cookie: cookieOf(agent.client) });
      expect(stream.status).toBe(200);
      await stream.next('connected');
      open.push(stream);
    }
    const sixth = await fetch(new URL('/api/sse/subscriptions', testApp.baseUrl), {
      headers: { cookie: cookieOf(agent.client) },
    });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(/At most 5 live update streams/);
    open[0]!.close();
    await expect
      .poll(async () => {
        const retry = await openStream(testApp.baseUrl, { cookie: cookieOf(agent.client) });
        retry.close();
        return retry.status;
      })
      .toBe(200);
    open.forEach((stream) => stream.close());
  });

  it('ends when the session signs out', async () => {
    const agent = await signedInAgent(testApp);
    const stream = await openStream(testApp.baseUrl, { cookie: cookieOf(agent.client) });
    await stream.next('connected');
    const signOut = await agent.client.post('/api/auth/sign-out');
    expect(signOut.status).toBe(200);
    expect(await stream.waitForEnd()).toBe(true);
  });
});
