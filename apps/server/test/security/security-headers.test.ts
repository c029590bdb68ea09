import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Issue item 19: no response carried a Content-Security-Policy, frame-ancestors, HSTS, Referrer-Policy or nosniff.
 */
const LOADER = "\n      import('/assets/public.js');\n    ";
const STYLE = 'body{color:#222}';
const SLIDER = 'clip-path:inset(0 50% 0 0)';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A web build like the real one: the SPA's index.html and a prerendered page with an inline loader and styles. */
function webBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'hearth-web-'));
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(
    path.join(dist, 'pages/index.html'),
    `<!doctype html><html><head><style>${STYLE}</style></head><body>` +
      `<div style="${SLIDER}">Before</div><div style="left:50%">After</div>` +
      `<script type="module">${LOADER}</script></body></html>`,
  );
  return dist;
}

/** The policy as a map of directive to sources. */
function policyOf(headers: Headers): Map<string, string[]> {
  const header = headers.get('content-security-policy');
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('every response, outside production with the local payment sandbox', () => {
  let testApp: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webBuild();
    testApp = await startTestApp({ NODE_ENV: 'development', WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['an API answer', '/api/health', 200],
    ['an API error', '/api/projects', 401],
    ['an unknown API path', '/api/nothing-here', 404],
    ['the app', '/dashboard', 200],
    ['a prerendered page', '/', 200],
  ])('carries the security headers: %s', async (_what, url, status) => {
    const response = await fetch(new URL(url, testApp.baseUrl));
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // http://localhost must not be pinned to https in the developer's browser.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const policy = policyOf(response.headers);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    // Paddle.js is not used with the local payment sandbox: no Paddle origin anywhere.
    expect(response.headers.get('content-security-policy')).not.toContain('paddle.com');
  });

  it('lets the app load scripts only from this origin', async () => {
    const policy = policyOf((await fetch(new URL('/dashboard', testApp.baseUrl))).headers);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('lets a prerendered page run exactly its own inline loader and styles, by hash', async () => {
    const response = await fetch(new URL('/', testApp.baseUrl));
    expect(await response.text()).toContain('Before');
    const policy = policyOf(response.headers);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(LOADER)]);
    expect(policy.get('style-src')).toEqual([
      "'self'",
      sha256(STYLE),
      "'unsafe-hashes'",
      sha256(SLIDER),
      sha256('left:50%'),
    ]);
  });

  it('gives a signed-in visitor of / the app, with the app’s policy', async () => {
    const response = await fetch(new URL('/', testApp.baseUrl), {
      headers: { cookie: 'better-auth.session_token=whatever' },
    });
    expect(await response.text()).toContain('<div id="root"></div>');
    const policy = policyOf(response.headers);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => testApp.close());

  it('also tells browsers to use HTTPS only, for a year', async () => {
    const response = await fetch(new URL('/api/health', testApp.baseUrl));
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(response.headers).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('with Paddle configured', () => {
  const paddle = {
    PADDLE_API_KEY: 'pdl_sdbx_apikey_test_01',
    PADDLE_CLIENT_TOKEN: 'test_client_token_01',
    PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_01_test_secret',
    PADDLE_PRICE_STARTER: 'pri_starter',
    PADDLE_PRICE_PRO: 'pri_pro',
    PADDLE_PRICE_ELITE: 'pri_elite',
  };
  let sandbox: TestApp;
  let live: TestApp;
  beforeAll(async () => {
    sandbox = await startTestApp(paddle);
    live = await startTestApp({ ...paddle, PADDLE_ENVIRONMENT: 'production' });
  });
  afterAll(async () => {
    await sandbox.close();
    await live.close();
  });

  it("allows Paddle.js, its checkout frame and its checkout service, of Paddle's sandbox", async () => {
    const policy = policyOf((await fetch(new URL('/api/health', sandbox.baseUrl))).headers);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.paddle.com', 'https://sandbox-cdn.paddle.com']);
    expect(policy.get('frame-src')).toEqual(['https://sandbox-buy.paddle.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://sandbox-checkout-service.paddle.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows only Paddle's live origins in Paddle's production environment", async () => {
    const policy = policyOf((await fetch(new URL('/api/health', live.baseUrl))).headers);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.paddle.com']);
    expect(policy.get('frame-src')).toEqual(['https://buy.paddle.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://checkout-service.paddle.com']);
  });
});
