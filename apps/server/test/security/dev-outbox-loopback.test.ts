import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../helpers/app';
import { signUp } from '../helpers/accounts';
import { ApiClient } from '../helpers/client';

/**
 * Issue item 18: the server listened on every interface by default and GET /api/dev/outbox (every verification and
 * password-reset link) answered anyone who could reach it.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ NODE_ENV: 'development' });
});
afterAll(() => testApp.close());

/** The outbox as a client at `remoteAddress` reaches it (the TCP peer address the server sees). */
const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

describe('GET /api/dev/outbox', () => {
  it('answers a browser on this machine, over real HTTP on loopback', async () => {
    const { email } = await signUp(testApp);
    const response = await new ApiClient(testApp.baseUrl).get<{ to: string }[]>('/api/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.body.some((mail) => mail.to === email)).toBe(true);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answers the loopback client %s', async (address) => {
    expect((await outboxFrom(address)).statusCode).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.5', '203.0.113.7', '::ffff:10.0.0.5', 'fd00::2', '2001:db8::1'])(
    'refuses the client %s on the network, without a single mail',
    async (address) => {
      await signUp(testApp);
      const response = await outboxFrom(address);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message:
          'The mail outbox can only be read on the machine running Hearth. Open it there, or set SMTP_URL to send real mail.',
        code: 'OUTBOX_LOOPBACK_ONLY',
      });
      expect(response.body).not.toContain('@example.com');
    },
  );

  it('is announced by /api/auth/config only to this machine', async () => {
    const configFor = async (remoteAddress: string) =>
      (await testApp.app.inject({ method: 'GET', url: '/api/auth/config', remoteAddress })).json<{
        devOutbox: boolean;
      }>();
    expect((await configFor('127.0.0.1')).devOutbox).toBe(true);
    expect((await configFor('192.168.1.20')).devOutbox).toBe(false);
  });

  it('decides from the connection, not from forwarding headers anyone can send', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' };
    expect((await outboxFrom('192.168.1.20', forged)).statusCode).toBe(403);
  });
});

describe('the interface the server listens on', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hearth-host-'));

  it('is loopback by default outside production, with an address that browsers on this machine reach', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({ NODE_ENV, DATA_DIR: dataDir() });
      expect(config.host).toBe('127.0.0.1');
      expect(config.appUrl).toBe('http://localhost:3000');
    }
  });

  it('is every interface when opted in with HOST=0.0.0.0, and by default in production', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DATA_DIR: dataDir() }).host).toBe('0.0.0.0');
    const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-chars' };
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), ...secret }).host).toBe('0.0.0.0');
  });

  it('gives a one-address HOST as the address printed and mailed when APP_URL is not set', () => {
    expect(loadConfig({ HOST: '192.168.1.20', PORT: '4000', DATA_DIR: dataDir() }).appUrl).toBe(
      'http://192.168.1.20:4000',
    );
  });
});
