import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { latestLink, signedInAgent, signUp } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const NEW_PASSWORD = 'Brand-New-Key-77';

async function resetToken(email: string) {
  const request = await new ApiClient(testApp.baseUrl).post('/api/auth/request-password-reset', {
    email,
    redirectTo: '/update-password',
  });
  expect(request.status).toBe(200);
  const link = await latestLink(testApp, email, /Reset your Hearth password/);
  const redirect = await new ApiClient(testApp.baseUrl).get(link);
  expect(redirect.status).toBe(302);
  return new URL(redirect.headers.get('location')!, 'http://x').searchParams.get('token')!;
}

// SPEC §2 /update-password: 'Password Updated!' and on to /dashboard, so the reset signs the browser in.
describe('a password reset signs the browser that made it in', () => {
  it('answers the reset with a session for this browser only', async () => {
    const { client: otherDevice, email } = await signedInAgent(testApp);
    const token = await resetToken(email);

    const browser = new ApiClient(testApp.baseUrl);
    const reset = await browser.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('set-auth-token')).toBeTruthy();

    const me = await browser.get<{ email: string }>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const session = await browser.get<{ user: { email: string } } | null>('/api/auth/get-session');
    expect(session.body?.user.email).toBe(email);
    // Every session from before the reset is still ended.
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
  });

  it('counts the mailbox as verified: an unverified account is signed in and verified', async () => {
    const { email } = await signUp(testApp);
    const token = await resetToken(email);
    const browser = new ApiClient(testApp.baseUrl);
    expect((await browser.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token })).status).toBe(200);
    const me = await browser.get<{ emailVerified: boolean }>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.emailVerified).toBe(true);
    // and the new password works for a later sign-in, which needs a verified address
    const later = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', {
      email,
      password: NEW_PASSWORD,
    });
    expect(later.status).toBe(200);
  });

  it('starts no session for a refused reset (used, expired or weak)', async () => {
    const { email } = await signedInAgent(testApp);
    const token = await resetToken(email);

    const weak = new ApiClient(testApp.baseUrl);
    const refused = await weak.post('/api/auth/reset-password', { newPassword: 'short', token });
    expect(refused.status).toBe(400);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await weak.get('/api/auth/user')).status).toBe(401);

    expect(
      (await new ApiClient(testApp.baseUrl).post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token }))
        .status,
    ).toBe(200);
    const reused = new ApiClient(testApp.baseUrl);
    const again = await reused.post('/api/auth/reset-password', { newPassword: 'Third-Choice-55', token });
    expect(again.status).toBe(400);
    expect((await reused.get('/api/auth/user')).status).toBe(401);

    const forged = new ApiClient(testApp.baseUrl);
    const unknown = await forged.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token: 'x'.repeat(24) });
    expect(unknown.status).toBe(400);
    expect((await forged.get('/api/auth/user')).status).toBe(401);
  });
});
