import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, startTestApp, type TestApp } from '../helpers/app';
import { signedInAgent } from '../helpers/accounts';

/**
 * Default-deny: every route under /api/ needs a signed-in user unless it is one of the few open ones below,
 * and the user is resolved before the body is parsed or validated. An anonymous request therefore gets 401,
 * whatever its body, parameters or query, never the schema's complaints (400) that would tell a stranger
 * what the route accepts. The routes come from the app's own route table, so a new route cannot be left out.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

/** The routes anyone may call: health and readiness, sign-in and its pages, the local outbox, Paddle's webhook, the plans. */
const OPEN = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/auth/config',
  'GET /api/login',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/dev/outbox',
  'POST /api/webhooks/paddle',
  'GET /api/plans',
  'GET /api/billing/config',
];
/** Open to the guard, because EventSource sends its token as ?token=: the route checks the session itself. */
const SELF_CHECKED = ['GET /api/sse/subscriptions'];

const UNAUTHORIZED = { message: 'Unauthorized', code: 'UNAUTHORIZED' };

function routes(auth?: 'user' | 'public') {
  return testApp.app.routeAccess
    .filter((route) => route.url.startsWith('/api/') && (auth === undefined || route.auth === auth))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url })))
    .filter(({ method }) => method !== 'HEAD');
}

/** A path that fails every parameter schema: no uuid, no known kind. */
const badPath = (url: string) => url.replace(/:\w+/g, 'not-a-uuid').replace('*', 'anything');

async function anonymous(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, testApp.baseUrl), {
    method,
    headers: { origin: APP_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('anonymous requests', () => {
  it('the routes open to anonymous callers are exactly the listed ones; every other /api route needs a user', () => {
    const open = routes('public').map(({ method, url }) => `${method} ${url}`);
    expect(open.sort()).toEqual([...OPEN, ...SELF_CHECKED].sort());
    const signedIn = routes('user').map(({ method, url }) => `${method} ${url}`);
    expect(signedIn).toEqual(expect.arrayContaining(['POST /api/billing/change-plan', 'POST /api/debug/prompt']));
    expect(signedIn).toEqual(expect.arrayContaining(['GET /api/projects', 'POST /api/projects/:id/upload']));
  });

  it('every signed-in route answers 401, before reading a bad body, bad parameters or a bad query', async () => {
    const signedInRoutes = routes().filter(({ method, url }) => !OPEN.includes(`${method} ${url}`));
    for (const { method, url } of signedInRoutes) {
      const path = `${badPath(url)}?token=&unexpected=${'x'.repeat(2000)}`;
      const withBody = method === 'GET' ? [undefined] : ['[42]', '{"planName":', JSON.stringify({ planName: 7 })];
      for (const body of withBody) {
        const response = await anonymous(method, url === '/api/sse/subscriptions' ? url : path, body);
        expect(response, `${method} ${url} with ${body ?? 'no body'}`).toEqual({ status: 401, body: UNAUTHORIZED });
      }
    }
  });

  it('an unknown session cookie or bearer token is anonymous too', async () => {
    const forged: Record<string, string>[] = [
      { cookie: 'better-auth.session_token=forged.value' },
      { authorization: 'Bearer not-a-session' },
    ];
    for (const headers of forged) {
      const response = await anonymous('POST', '/api/billing/change-plan', '{"planName":7}', headers);
      expect(response, Object.keys(headers)[0]).toEqual({ status: 401, body: UNAUTHORIZED });
    }
  });

  it("a signed-in user's bad body still gets the schema's message (400)", async () => {
    const { client } = await signedInAgent(testApp);
    for (const path of ['/api/billing/change-plan', '/api/debug/prompt']) {
      expect((await anonymous('POST', path, '{"planName":7,"prompt":7}')).status, path).toBe(401);
      const response = await client.post(path, { planName: 7, prompt: 7 });
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});
