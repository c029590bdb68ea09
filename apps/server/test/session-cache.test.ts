import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { latestLink, PASSWORD, signedInAgent } from './helpers/accounts';

// Signed-in requests reuse a resolved session for a few seconds (docs/decisions/081). Each case first makes
// the session be cached, then checks that whatever ends it is obeyed on the very next request.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterAll(() => testApp.close());

/** Another holder of the same cookie: a second tab, or someone who copied it. */
const copyOf = (client: ApiClient): ApiClient =>
  Object.assign(Object.create(Object.getPrototypeOf(client) as object) as ApiClient, structuredClone(client));

async function warm(client: ApiClient) {
  for (let i = 0; i < 3; i++) expect((await client.get('/api/projects')).status).toBe(200);
}

describe('cached sessions are revoked at once in this process', () => {
  it('sign-out', async () => {
    const { client } = await signedInAgent(testApp);
    const copy = copyOf(client);
    await warm(copy);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await copy.get('/api/projects')).status).toBe(401);
  });

  it('revoking the other sessions', async () => {
    const { client, email } = await signedInAgent(testApp);
    const other = new ApiClient(testApp.baseUrl);
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    await warm(other);
    expect((await client.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect((await other.get('/api/projects')).status).toBe(401);
    expect((await client.get('/api/projects')).status).toBe(200);
  });

  it('a password reset', async () => {
    const { client, email } = await signedInAgent(testApp);
    await warm(client);
    const browser = new ApiClient(testApp.baseUrl);
    const asked = await browser.post('/api/auth/request-password-reset', { email, redirectTo: '/update-password' });
    expect(asked.status).toBe(200);
    const redirect = await browser.get(await latestLink(testApp, email, /Reset your Hearth password/));
    const token = new URL(redirect.headers.get('location')!, 'http://x').searchParams.get('token')!;
    expect((await browser.post('/api/auth/reset-password', { newPassword: 'Brand-New-Key-77', token })).status).toBe(
      200,
    );
    expect((await client.get('/api/projects')).status).toBe(401);
  });

  it('a bearer token after sign-out', async () => {
    const { client, token } = await signedInAgent(testApp);
    const bearer = new ApiClient(testApp.baseUrl);
    bearer.bearer = token;
    await warm(bearer);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await bearer.get('/api/projects')).status).toBe(401);
  });

  it('a cached session is still its own user: another user gets 404 on a project not theirs', async () => {
    const owner = await signedInAgent(testApp);
    const stranger = await signedInAgent(testApp);
    await warm(owner.client);
    await warm(stranger.client);
    await owner.client.post('/api/start-trial', {});
    const created = await owner.client.post<{ id: string }>('/api/projects', {});
    expect(created.status).toBe(201);
    expect((await stranger.client.get(`/api/projects/${created.body.id}/photos`)).status).toBe(404);
    expect((await owner.client.get(`/api/projects/${created.body.id}/photos`)).status).toBe(200);
  });
});
