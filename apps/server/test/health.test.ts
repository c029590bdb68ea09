import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

let testApp: TestApp;
let client: ApiClient;
beforeAll(async () => {
  testApp = await startTestApp();
  client = new ApiClient(testApp.baseUrl);
});
afterAll(() => testApp.close());

describe('health and basics', () => {
  it('answers ok once migrations are applied', async () => {
    const response = await client.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('tags every response with a request id, echoing a valid incoming one', async () => {
    const generated = await client.get('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await client.get('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await client.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON with a 400 that leaks no internals', async () => {
    // Signed in: an anonymous request is refused 401 before its body is read (anonymous-requests.test.ts).
    const { token } = await signedInAgent(testApp);
    const response = await fetch(new URL('/api/auth/user', testApp.baseUrl), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        authorization: `Bearer ${token}`,
      },
      body: '{"firstName": ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack|SELECT/i);
  });

  it('describes the auth setup and says the outbox is in use', async () => {
    const response = await client.get('/api/auth/config');
    expect(response.body).toEqual({ url: 'http://localhost:3000/api/auth', anonKey: null, devOutbox: true });
  });

  it('sends the browser to the sign-in page from /api/login', async () => {
    const response = await client.get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signin');
  });
});
