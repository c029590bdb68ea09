import { addMonths } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxSubscription } from '@hearth/contracts';
import { usagePeriod } from '../src/infrastructure/db/schema';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';

/** Billing periods: what checkout and the sandbox portal's simulated renewals do to the dates, and say. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

type Body = Record<string, unknown>;

async function subscribedAgent() {
  const agent = await signedInAgent(testApp);
  expect((await agent.client.post('/api/payment-sandbox/checkout', { priceId: 'pri_local_pro' })).status).toBe(201);
  const userId = (await agent.client.get<Body>('/api/auth/user')).body.id as string;
  return { ...agent, userId };
}

const sandboxSubscription = async (client: ApiClient) =>
  (await client.get<{ subscription: SandboxSubscription }>('/api/payment-sandbox/subscription')).body.subscription!;

const paidPeriods = (userId: string) =>
  testApp.database.db
    .select()
    .from(usagePeriod)
    .where(eq(usagePeriod.userId, userId))
    .orderBy(asc(usagePeriod.startsAt));

/** The portal, billing status and usage stats all report the same period; the allowance rows never overlap. */
async function expectOnePeriod(client: ApiClient, userId: string, startsAt: string, endsAt: string) {
  expect((await client.get<Body>('/api/billing/status')).body.currentPeriodEnd).toBe(endsAt);
  expect((await client.get<Body>('/api/usage/stats')).body.currentPeriodEnd).toBe(endsAt);
  const periods = await paidPeriods(userId);
  const last = periods.at(-1)!;
  expect([last.startsAt.toISOString(), last.endsAt.toISOString()]).toEqual([startsAt, endsAt]);
  for (let i = 1; i < periods.length; i++) {
    expect(periods[i - 1]!.endsAt.getTime()).toBeLessThanOrEqual(periods[i]!.startsAt.getTime());
  }
  const now = Date.now();
  expect(periods.filter((p) => p.startsAt.getTime() <= now && p.endsAt.getTime() > now)).toHaveLength(1);
}

describe('billing periods', () => {
  it('checkout starts a period of one calendar month, reported alike everywhere', async () => {
    const { client, userId } = await subscribedAgent();
    const sub = await sandboxSubscription(client);
    expect(sub.currentPeriodEnd).toBe(addMonths(new Date(sub.currentPeriodStart), 1).toISOString());
    await expectOnePeriod(client, userId, sub.currentPeriodStart, sub.currentPeriodEnd);
  });

  it('a failed renewal says the payment failed and the subscription is past due, and the dates agree', async () => {
    const { client, userId } = await subscribedAgent();
    const before = await sandboxSubscription(client);
    await client.post('/api/payment-sandbox/fail-next-renewal', { fail: true });
    const calledAt = Date.now();
    const renewal = await client.post<Body>('/api/payment-sandbox/renew-now');
    expect(renewal.status).toBe(200);
    expect(renewal.body.message).toBe(
      'The renewal payment failed: a new one-month period starts today, unpaid, and the subscription is past due ' +
        'with 3 days of grace to pay.',
    );
    const after = await sandboxSubscription(client);
    expect(after.status).toBe('past_due');
    // The new period starts at the simulated renewal, not at the old start, and runs one calendar month.
    expect(new Date(after.currentPeriodStart).getTime()).toBeGreaterThanOrEqual(calledAt);
    expect(after.currentPeriodStart > before.currentPeriodStart).toBe(true);
    expect(after.currentPeriodEnd).toBe(addMonths(new Date(after.currentPeriodStart), 1).toISOString());
    expect((await client.get<Body>('/api/billing/status')).body.subscriptionStatus).toBe('past_due');
    await expectOnePeriod(client, userId, after.currentPeriodStart, after.currentPeriodEnd);
    // The period that was brought to an end stops where the new one starts.
    const [previous] = await paidPeriods(userId);
    expect(previous!.startsAt.toISOString()).toBe(before.currentPeriodStart);
    expect(previous!.endsAt.toISOString()).toBe(after.currentPeriodStart);
  });

  it('a paid renewal says so, and an ending one says the subscription ended', async () => {
    const { client, userId } = await subscribedAgent();
    const renewal = await client.post<Body>('/api/payment-sandbox/renew-now');
    expect(renewal.body.message).toBe(
      'Renewed: the current period was ended now and a new one-month period, paid, starts today.',
    );
    const after = await sandboxSubscription(client);
    expect(after.status).toBe('active');
    await expectOnePeriod(client, userId, after.currentPeriodStart, after.currentPeriodEnd);

    await client.post('/api/payment-sandbox/cancel');
    const end = await client.post<Body>('/api/payment-sandbox/renew-now');
    expect(end.body.message).toBe('The subscription has ended, as it was set to cancel at the end of the period.');
    expect((await client.get<Body>('/api/billing/status')).body.subscriptionStatus).toBe('canceled');
  });
});
