import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { signedInAgent } from '../helpers/accounts';
import { ApiClient } from '../helpers/client';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ages the session behind this token as if it had been created and last refreshed that many days ago. */
async function age(token: string, { createdDaysAgo, refreshedDaysAgo, expiresInDays }: Record<string, number>) {
  await testApp.database.query(
    `UPDATE session SET created_at = now() - make_interval(days => $2::integer),
       updated_at = now() - make_interval(days => $3::integer),
       expires_at = now() + make_interval(days => $4::integer)
     WHERE token = $1`,
    [token, createdDaysAgo, refreshedDaysAgo, expiresInDays],
  );
}

async function sessionRow(token: string) {
  const { rows } = await testApp.database.query('SELECT created_at, expires_at FROM session WHERE token = $1', [token]);
  const row = rows[0];
  return row && { createdAt: new Date(row.created_at as string), expiresAt: new Date(row.expires_at as string) };
}

/** The session token behind the signed cookie / bearer token better-auth hands out. */
const rawToken = (bearer: string) => bearer.split('.')[0]!;

describe('item 4: a session lives 7 idle days and 30 days after sign-in at most', () => {
  it('a new session expires 7 days after sign-in', async () => {
    const { token } = await signedInAgent(testApp);
    const row = await sessionRow(rawToken(token));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / DAY_MS;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('activity slides it by 7 days, but never past 30 days after sign-in', async () => {
    const { client, token } = await signedInAgent(testApp);
    await age(rawToken(token), { createdDaysAgo: 5, refreshedDaysAgo: 2, expiresInDays: 5 });
    expect((await client.get('/api/auth/get-session')).status).toBe(200);
    let row = await sessionRow(rawToken(token));
    expect((row!.expiresAt.getTime() - Date.now()) / DAY_MS).toBeGreaterThan(6.9);

    await age(rawToken(token), { createdDaysAgo: 28, refreshedDaysAgo: 2, expiresInDays: 5 });
    const session = await client.get<{ session: { expiresAt: string } }>('/api/auth/get-session');
    expect(session.status).toBe(200);
    row = await sessionRow(rawToken(token));
    const capped = row!.createdAt.getTime() + 30 * DAY_MS;
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(capped);
    expect(new Date(session.body.session.expiresAt).getTime()).toBeLessThanOrEqual(capped);
  });

  it('a session created 31 days ago no longer works, by cookie or bearer token, however active', async () => {
    const { client, token } = await signedInAgent(testApp);
    await age(rawToken(token), { createdDaysAgo: 31, refreshedDaysAgo: 0, expiresInDays: 7 });
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const bearer = new ApiClient(testApp.baseUrl);
    bearer.bearer = token;
    expect((await bearer.get('/api/auth/user')).status).toBe(401);
  });

  it('a session created 59 days ago that was refreshed yesterday does not work and does not slide', async () => {
    const { client, token } = await signedInAgent(testApp);
    await age(rawToken(token), { createdDaysAgo: 59, refreshedDaysAgo: 2, expiresInDays: 28 });
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('a session idle for more than 7 days is over', async () => {
    const { client, token } = await signedInAgent(testApp);
    await age(rawToken(token), { createdDaysAgo: 9, refreshedDaysAgo: 8, expiresInDays: -1 });
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});
