import { hashPassword as betterAuthScryptHash } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { PASSWORD, signedInAgent, signUp } from '../helpers/accounts';
import { ApiClient } from '../helpers/client';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const OWASP_ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

async function storedHash(email: string): Promise<string> {
  const { rows } = await testApp.database.query(
    `SELECT account.password FROM account JOIN "user" ON "user".id = account.user_id
     WHERE "user".email = $1 AND account.provider_id = 'credential'`,
    [email],
  );
  return rows[0]!.password as string;
}

async function setStoredHash(email: string, hash: string) {
  await testApp.database.query(
    `UPDATE account SET password = $2 FROM "user"
     WHERE "user".id = account.user_id AND "user".email = $1 AND account.provider_id = 'credential'`,
    [email, hash],
  );
}

const signIn = (email: string, password: string) =>
  new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', { email, password });

describe('item 5: passwords are hashed at OWASP cost, and old hashes are replaced', () => {
  it('stores a new password as argon2id with 19 MiB, 2 passes, 1 lane', async () => {
    const { email } = await signUp(testApp);
    expect(await storedHash(email)).toMatch(OWASP_ARGON2ID);
  });

  it('an old scrypt hash still signs in, and is replaced by argon2id on that sign-in', async () => {
    const { email } = await signedInAgent(testApp);
    const legacy = await betterAuthScryptHash(PASSWORD);
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    await setStoredHash(email, legacy);

    expect((await signIn(email, 'Not-The-Password-1')).status).toBe(401);
    expect(await storedHash(email)).toBe(legacy);

    expect((await signIn(email, PASSWORD)).status).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(OWASP_ARGON2ID);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await storedHash(email)).toBe(upgraded);
    expect((await signIn(email, 'Not-The-Password-1')).status).toBe(401);
  });

  it('a weaker argon2 hash is replaced too', async () => {
    const { email } = await signedInAgent(testApp);
    const { hash } = await import('@node-rs/argon2');
    await setStoredHash(email, await hash(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 }));
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await storedHash(email)).toMatch(OWASP_ARGON2ID);
  });

  it('password changes and resets store argon2id too', async () => {
    const { client, email } = await signedInAgent(testApp);
    const response = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand-New-Key-77',
    });
    expect(response.status).toBe(200);
    expect(await storedHash(email)).toMatch(OWASP_ARGON2ID);
  });
});
