import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { latestLink, outbox, PASSWORD, signedInAgent, uniqueEmail } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const NEW_PASSWORD = 'Brand-New-Key-77';

async function signIn(email: string, password: string) {
  const client = new ApiClient(testApp.baseUrl);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, status: response.status };
}

describe('change password (signed in)', () => {
  it('needs the current password', async () => {
    const { client, email } = await signedInAgent(testApp);
    const response = await client.post('/api/auth/change-password', {
      currentPassword: 'Not-My-Password-1',
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/invalid password/i);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it.each([
    ['7 characters', 'Abcde1!'],
    ['129 characters', `Aa1${'q'.repeat(126)}`],
  ])('refuses a new password of %s', async (_label, newPassword) => {
    const { client, email } = await signedInAgent(testApp);
    const response = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword });
    expect(response.status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('changes it and signs out every other session', async () => {
    const { client, email } = await signedInAgent(testApp);
    const otherDevice = await signIn(email, PASSWORD);
    const response = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(response.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await otherDevice.client.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('password reset by email', () => {
  async function requestReset(email: string) {
    const response = await new ApiClient(testApp.baseUrl).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/update-password',
    });
    expect(response.status).toBe(200);
    return latestLink(testApp, email, /Reset your Hearth password/);
  }

  async function tokenFrom(link: string) {
    const redirect = await new ApiClient(testApp.baseUrl).get(link);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/update-password');
    return location.searchParams.get('token')!;
  }

  it('mails a one-hour link that redirects to /update-password and signs out every session', async () => {
    const { client, email } = await signedInAgent(testApp);
    const link = await requestReset(email);
    const mail = (await outbox(testApp))[0]!;
    expect(mail.text).toContain('expires in 1 hour');
    const token = await tokenFrom(link);
    expect(token).toBeTruthy();

    const row = await testApp.database.query(
      `select extract(epoch from (expires_at - created_at))::int as seconds from verification where identifier = $1`,
      [`reset-password:${token}`],
    );
    expect(row.rows[0]!.seconds).toBe(3600);

    const reset = await new ApiClient(testApp.baseUrl).post('/api/auth/reset-password', {
      newPassword: NEW_PASSWORD,
      token,
    });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
  });

  it('accepts each link once', async () => {
    const { email } = await signedInAgent(testApp);
    const token = await tokenFrom(await requestReset(email));
    const client = new ApiClient(testApp.baseUrl);
    expect((await client.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    const reused = await client.post('/api/auth/reset-password', { newPassword: 'Third-Choice-55', token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid token/i);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link, and sends the browser back with an error', async () => {
    const { email } = await signedInAgent(testApp);
    const link = await requestReset(email);
    const token = link.split('/reset-password/')[1]!.split('?')[0]!;
    await testApp.database.query(
      `update verification set expires_at = now() - interval '1 second' where identifier = $1`,
      [`reset-password:${token}`],
    );
    const redirect = await new ApiClient(testApp.baseUrl).get(link);
    const location = new URL(redirect.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname + location.search).toBe('/update-password?error=INVALID_TOKEN');
    const reset = await new ApiClient(testApp.baseUrl).post('/api/auth/reset-password', {
      newPassword: NEW_PASSWORD,
      token,
    });
    expect(reset.status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const { email } = await signedInAgent(testApp);
    const token = await tokenFrom(await requestReset(email));
    const client = new ApiClient(testApp.baseUrl);
    expect((await client.post('/api/auth/reset-password', { newPassword: 'short', token })).status).toBe(400);
    expect((await client.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
  });

  it('answers alike for unknown addresses and sends them nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await new ApiClient(testApp.baseUrl).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/update-password',
    });
    expect(response.status).toBe(200);
    expect((await outbox(testApp)).some((m) => m.to === email)).toBe(false);
  });
});
