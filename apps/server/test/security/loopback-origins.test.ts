import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { PASSWORD, signedInAgent, uniqueEmail } from '../helpers/accounts';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from '../helpers/server-process';

/**
 * Issue item 17: a development server opened at http://127.0.0.1:PORT (the address its own log prints) refused
 * sign-up and sign-in with "Invalid origin": only http://localhost:PORT was trusted, by better-auth and by our
 * origin guard of cookie requests.
 */
const spellings = (port: number | string) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
  `http://[::1]:${port}`,
];
const strangers = (port: number) => [
  `http://127.0.0.1:${port + 1}`,
  `http://[::1]:${port + 2}`,
  `http://192.168.1.20:${port}`,
  `http://localhost.evil.test:${port}`,
];

/** A cookie-authenticated change of the profile, which our origin guard checks. */
async function editProfileFrom(testApp: TestApp, origin: string) {
  const { client, email } = await signedInAgent(testApp);
  return client.patch('/api/auth/user', { firstName: 'Robin', lastName: 'Agent', email }, { origin });
}

/** The same request with a cookie that is no session: the origin guard answers before the session is read. */
const cookieRequestFrom = (testApp: TestApp, origin: string) =>
  fetch(new URL('/api/auth/user', testApp.baseUrl), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin, cookie: '__Secure-better-auth.session_token=none' },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Agent', email: 'robin@example.com' }),
  });

describe('outside production, a cookie request from any loopback spelling of the server’s own origin', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ NODE_ENV: 'development', PORT: '3000' });
  });
  afterAll(() => testApp.close());

  it.each(spellings(3000))('passes the origin guard from %s', async (origin) => {
    const response = await editProfileFrom(testApp, origin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it.each(strangers(3000))('is still refused from %s (another port or another machine)', async (origin) => {
    const response = await editProfileFrom(testApp, origin);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'BAD_ORIGIN' });
  });
});

describe('in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ NODE_ENV: 'production', PORT: '3000' });
  });
  afterAll(() => testApp.close());

  it('trusts only APP_URL, not the other loopback spellings', async () => {
    expect(testApp.config.trustedOrigins).toEqual(['http://localhost:3000']);
    expect((await cookieRequestFrom(testApp, 'http://localhost:3000')).status).toBe(401);
    expect((await cookieRequestFrom(testApp, 'http://127.0.0.1:3000')).status).toBe(403);
    expect((await cookieRequestFrom(testApp, 'http://[::1]:3000')).status).toBe(403);
  });
});

/**
 * better-auth turns its own origin check off when the process runs with NODE_ENV=test (as the test runner does), so
 * its check is observed on the server started as `npm start` starts it, in a process of its own.
 */
describe('the development server started as `npm start` starts it, with no HOST or APP_URL', () => {
  let port: number;
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-origin-'));
    server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitForHealth(port, server);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, origin: string, body: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  const signUp = (origin: string) =>
    post('sign-up/email', origin, { email: uniqueEmail('origin'), password: PASSWORD, name: 'Avery Agent' });

  it('signs up and signs in from every loopback spelling of its origin', async () => {
    for (const origin of spellings(port)) {
      const email = uniqueEmail('origin');
      const signUpResponse = await post('sign-up/email', origin, { email, password: PASSWORD, name: 'Avery Agent' });
      expect(signUpResponse.status, `sign-up from ${origin}: ${await signUpResponse.text()}`).toBe(200);
      // Not verified yet: better-auth has accepted the origin and answers about the address instead.
      const signIn = await post('sign-in/email', origin, { email, password: PASSWORD });
      expect(signIn.status, `sign-in from ${origin}`).toBe(403);
      expect(await signIn.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    }
  });

  it('refuses sign-up from other ports and other machines', async () => {
    for (const origin of strangers(port)) {
      const response = await signUp(origin);
      expect(response.status, `sign-up from ${origin}`).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    }
  });

  it('prints only addresses that sign-up works from', async () => {
    // Fastify's "Server listening at …" lines and Hearth's own "Hearth is running at …".
    const announced = server.output().match(/(?:listening|running) at https?:\/\/[^\s"',]+/g) ?? [];
    const printed = [...new Set(announced)].map((line) => new URL(line.replace(/^.* at /, '')));
    expect(printed.map((url) => url.origin)).toEqual(
      expect.arrayContaining([`http://localhost:${port}`, `http://127.0.0.1:${port}`]),
    );
    for (const url of printed) {
      const response = await signUp(url.origin);
      expect(response.status, `sign-up from the printed ${url.origin}: ${await response.text()}`).toBe(200);
    }
  });
});
