import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(() => testApp.close());

describe('the outbox in production', () => {
  it('is never listed', async () => {
    const client = new ApiClient(testApp.baseUrl);
    expect((await client.get('/api/dev/outbox')).status).toBe(404);
    expect((await client.get('/api/auth/config')).body.devOutbox).toBe(false);
  });

  it('marks the session cookie Secure', async () => {
    const email = `secure.${Date.now()}@example.com`;
    const client = new ApiClient(testApp.baseUrl);
    expect(
      (await client.post('/api/auth/sign-up/email', { email, password: 'Sunny-Porch-42', name: 'P' })).status,
    ).toBe(200);
    // Mail is not readable here, so verify the address directly.
    await testApp.database.query('update "user" set email_verified = true where email = $1', [email]);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: 'Sunny-Porch-42' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
