import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { latestLink, outbox, PASSWORD, signedInAgent, signUp, uniqueEmail } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

describe('sign-up, verification and sign-in', () => {
  it('requires a verified email before sign-in, then gives a secure session cookie and a bearer token', async () => {
    const { client, email } = await signUp(testApp);
    const mails = (await outbox(testApp)).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email for Hearth');
    expect(mails[0]!.html).toContain('Verify email');

    const early = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(client.hasSessionCookie()).toBe(false);

    const verify = await client.get(await latestLink(testApp, email));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/signin?verified=true');

    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // Secure only in production, where the site is HTTPS
    expect(signIn.headers.get('set-auth-token')).toBeTruthy();
  });

  it('sends the verification link again when an unverified account tries to sign in', async () => {
    const { client, email } = await signUp(testApp);
    await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await outbox(testApp)).filter((m) => m.to === email)).toHaveLength(2);
  });

  it('returns the product user for a cookie session and for a bearer token, and 401 for neither', async () => {
    const { client, email, token } = await signedInAgent(testApp);
    const byCookie = await client.get('/api/auth/user');
    expect(byCookie.status).toBe(200);
    expect(byCookie.body).toMatchObject({
      email,
      firstName: 'Avery',
      lastName: 'Agent',
      emailVerified: true,
      profileImageUrl: null,
      trialStartedAt: null,
      trialUsed: false,
      subscriptionStatus: null,
    });
    expect(new Date(byCookie.body.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const bearerClient = new ApiClient(testApp.baseUrl);
    bearerClient.bearer = token;
    expect((await bearerClient.get('/api/auth/user')).body).toMatchObject({ email });

    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await anonymous.get('/api/auth/user')).status).toBe(401);
    anonymous.bearer = 'not-a-real-token';
    const forged = await anonymous.get('/api/auth/user');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('refuses wrong passwords and unknown accounts alike', async () => {
    const { email } = await signedInAgent(testApp);
    const client = new ApiClient(testApp.baseUrl);
    const wrong = await client.post('/api/auth/sign-in/email', { email, password: 'Wrong-password-1' });
    const unknown = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('rejects bad sign-up input with a clear message and creates nothing', async () => {
    const client = new ApiClient(testApp.baseUrl);
    const cases = [
      { body: { email: 'not-an-email', password: PASSWORD, name: 'x' }, status: 400 },
      { body: { email: uniqueEmail(), password: 'Short1a', name: 'x' }, status: 400 },
      { body: { email: uniqueEmail(), password: `Aa1${'x'.repeat(126)}`, name: 'x' }, status: 400 },
      { body: { email: uniqueEmail(), name: 'x' }, status: 400 },
    ];
    for (const { body, status } of cases) {
      const response = await client.post('/api/auth/sign-up/email', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message).toEqual(expect.any(String));
      expect((await outbox(testApp)).some((m) => m.to === body.email)).toBe(false);
    }
    const longest = await client.post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: `Aa1${'x'.repeat(125)}`,
      name: 'x',
    });
    expect(longest.status).toBe(200);
  });

  it('never creates a second account on a taken address, and tells its owner instead of the caller', async () => {
    const { email } = await signedInAgent(testApp);
    const again = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-up/email', {
      email,
      password: 'Another-Pass-9',
      name: 'Someone Else',
    });
    expect(again.status).toBe(200); // same answer as a new address, so addresses cannot be probed
    const rows = await testApp.database.query('select count(*)::int as n from "user" where email = $1', [email]);
    expect(rows.rows[0]!.n).toBe(1);
    expect((await outbox(testApp))[0]).toMatchObject({ to: email, subject: 'You already have a Hearth account' });
    const original = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', {
      email,
      password: PASSWORD,
    });
    expect(original.status).toBe(200);
  });

  it('ignores attempts to set account state at sign-up', async () => {
    const email = uniqueEmail();
    const response = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Sneaky',
      subscriptionStatus: 'active',
      trialUsed: true,
    });
    expect(response.status).toBe(400);
    const rows = await testApp.database.query('select count(*)::int as n from "user" where email = $1', [email]);
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('signs out: the cookie is cleared and the old session no longer works', async () => {
    const { client } = await signedInAgent(testApp);
    const stolenCookieClient = Object.assign(Object.create(Object.getPrototypeOf(client)), structuredClone(client));
    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(client.hasSessionCookie()).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await (stolenCookieClient as ApiClient).get('/api/auth/user')).status).toBe(401);
  });
});
