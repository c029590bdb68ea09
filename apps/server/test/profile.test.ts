import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { latestLink, outbox, PASSWORD, signedInAgent, uniqueEmail } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const valid = (email: string) => ({ firstName: 'Jordan', lastName: 'Reyes', email });

describe('PATCH /api/auth/user', () => {
  it('updates the names and keeps the email when it is unchanged', async () => {
    const { client, email } = await signedInAgent(testApp);
    const response = await client.patch('/api/auth/user', valid(email));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      emailChanged: false,
      user: { firstName: 'Jordan', lastName: 'Reyes', email },
    });
    expect(response.body).not.toHaveProperty('message');
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Jordan', lastName: 'Reyes' });
  });

  it.each([
    [{ firstName: 'x'.repeat(51) }, 'First name must be less than 50 characters'],
    [{ lastName: 'y'.repeat(51) }, 'Last name must be less than 50 characters'],
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '   ' }, 'Last name is required'],
    [{ email: 'jordan@' }, 'Invalid email address'],
  ])('refuses %j with "%s" and changes nothing', async (override, message) => {
    const { client, email } = await signedInAgent(testApp);
    const response = await client.patch('/api/auth/user', { ...valid(email), ...override });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Avery', lastName: 'Agent', email });
  });

  it('accepts names of exactly 50 characters', async () => {
    const { client, email } = await signedInAgent(testApp);
    const fifty = 'z'.repeat(50);
    const response = await client.patch('/api/auth/user', { ...valid(email), firstName: fifty, lastName: fifty });
    expect(response.status).toBe(200);
  });

  it('refuses missing fields and signed-out callers', async () => {
    const { client } = await signedInAgent(testApp);
    expect((await client.patch('/api/auth/user', { firstName: 'Only' })).status).toBe(400);
    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await anonymous.patch('/api/auth/user', valid(uniqueEmail()))).status).toBe(401);
  });

  it('refuses a cookie-authenticated change from a foreign origin, and accepts a bearer token', async () => {
    const { client, email, token } = await signedInAgent(testApp);
    const forged = await client.patch('/api/auth/user', valid(email), { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    const noOrigin = await client.patch('/api/auth/user', valid(email), { origin: null });
    expect(noOrigin.status).toBe(403);

    const app = new ApiClient(testApp.baseUrl);
    app.bearer = token;
    const byToken = await app.patch('/api/auth/user', valid(email), { origin: null });
    expect(byToken.status).toBe(200);
  });

  it("only ever touches the caller's own record", async () => {
    const alice = await signedInAgent(testApp);
    const bob = await signedInAgent(testApp);
    await bob.client.patch('/api/auth/user', { firstName: 'Bob', lastName: 'Builder', email: bob.email });
    expect((await alice.client.get('/api/auth/user')).body).toMatchObject({ email: alice.email, firstName: 'Avery' });
    expect((await bob.client.get('/api/auth/user')).body).toMatchObject({ email: bob.email, firstName: 'Bob' });
  });

  it('changes the email only after the current address approves and the new one verifies', async () => {
    const { client, email } = await signedInAgent(testApp);
    const newEmail = uniqueEmail('moved');
    const response = await client.patch('/api/auth/user', valid(newEmail));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      emailChanged: true,
      message: 'Profile updated! Please check your email and click the confirmation link to complete the email change.',
      user: { email, firstName: 'Jordan' },
    });
    expect((await client.get('/api/auth/user')).body.email).toBe(email);

    const approve = await client.get(await latestLink(testApp, email, /Confirm your new Hearth email/));
    expect(approve.status).toBe(302);
    expect((await client.get('/api/auth/user')).body.email).toBe(email);

    const verify = await client.get(await latestLink(testApp, newEmail, /Verify your email/));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toMatch(/^\/profile/);
    const after = await client.get('/api/auth/user');
    expect(after.body).toMatchObject({ email: newEmail, emailVerified: true });

    const signIn = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', {
      email: newEmail,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it("does not reveal whether another person's address is taken", async () => {
    const other = await signedInAgent(testApp);
    const { client, email } = await signedInAgent(testApp);
    const response = await client.patch('/api/auth/user', valid(other.email));
    expect(response.status).toBe(200);
    expect(response.body.emailChanged).toBe(true);
    expect((await outbox(testApp)).filter((m) => m.to === email && /Confirm/.test(m.subject))).toHaveLength(0);
    expect((await client.get('/api/auth/user')).body.email).toBe(email);
  });
});
