import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { PASSWORD, signedInAgent } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    SIGNIN_FREE_FAILURES_PER_ADDRESS: '3',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
    SIGNIN_MAX_FAILURES_PER_IP: '8',
  });
});
afterAll(() => testApp.close());

const attempt = (email: string, password: string) =>
  new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', { email, password });

describe('sign-in throttling', () => {
  // More in security/sign-in-throttle.test.ts: other addresses, path spellings, concurrency, the owner's way in.
  it('makes one address wait after its free failures on an account, even for the right password, without touching others', async () => {
    const target = await signedInAgent(testApp);
    const bystander = await signedInAgent(testApp);
    for (let i = 0; i < 3; i++) expect((await attempt(target.email, `Guess-${i}-Aa1`)).status).toBe(401);

    const locked = await attempt(target.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute before trying again, or reset your password.',
    );
    expect((await attempt(target.email.toUpperCase(), PASSWORD)).status).toBe(429);
    expect((await attempt(bystander.email, PASSWORD)).status).toBe(200);
    // An existing session is not affected by the wait.
    expect((await target.client.get('/api/auth/user')).status).toBe(200);
  });

  it('counts failures from one address across accounts', async () => {
    const victims = await Promise.all([signedInAgent(testApp), signedInAgent(testApp), signedInAgent(testApp)]);
    // 3 failures were made by the previous test from this address; 5 more reach the limit of 8.
    for (let i = 0; i < 5; i++) {
      const victim = victims[i % 3]!;
      expect((await attempt(victim.email, `Wrong-${i}-Aa1`)).status).toBe(401);
    }
    const blocked = await attempt(victims[0]!.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/from your network/);
  });
});
