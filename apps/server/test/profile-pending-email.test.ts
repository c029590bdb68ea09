import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { latestLink, signedInAgent, uniqueEmail } from './helpers/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const names = { firstName: 'Jordan', lastName: 'Reyes' };

// The profile shows the confirmed address, with a requested change beside it until it is confirmed.
describe('a requested email change is reported apart from the confirmed address', () => {
  it('reports no pending change on a fresh account', async () => {
    const { client, email } = await signedInAgent(testApp);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, pendingEmail: null });
  });

  it('keeps email confirmed and pendingEmail requested through both steps, then clears it', async () => {
    const { client, email } = await signedInAgent(testApp);
    const newEmail = uniqueEmail('moving');

    const saved = await client.patch('/api/auth/user', { ...names, email: newEmail });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ emailChanged: true, user: { email, pendingEmail: newEmail } });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email, pendingEmail: newEmail });

    expect((await client.get(await latestLink(testApp, email, /Confirm your new Hearth email/))).status).toBe(302);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email, pendingEmail: newEmail });

    expect((await client.get(await latestLink(testApp, newEmail, /Verify your email/))).status).toBe(302);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email: newEmail, pendingEmail: null });
  });

  it('shows only the newest request, and saving the names alone keeps it', async () => {
    const { client, email } = await signedInAgent(testApp);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await client.patch('/api/auth/user', { ...names, email: first })).status).toBe(200);
    const replaced = await client.patch('/api/auth/user', { ...names, email: second });
    expect(replaced.body).toMatchObject({ user: { email, pendingEmail: second } });

    const namesOnly = await client.patch('/api/auth/user', { firstName: 'Sam', lastName: 'Lee', email });
    expect(namesOnly.body).toMatchObject({ emailChanged: false, user: { email, pendingEmail: second } });
  });

  it('drops a request whose links have lapsed', async () => {
    const { client, email } = await signedInAgent(testApp);
    expect((await client.patch('/api/auth/user', { ...names, email: uniqueEmail('late') })).status).toBe(200);
    await testApp.database.query(
      `update verification set expires_at = now() - interval '1 second' where identifier like 'pending-email-change:%'`,
    );
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email, pendingEmail: null });
  });

  it("never shows one person's pending change to another", async () => {
    const alice = await signedInAgent(testApp);
    const bob = await signedInAgent(testApp);
    const target = uniqueEmail('alice-new');
    expect((await alice.client.patch('/api/auth/user', { ...names, email: target })).status).toBe(200);
    expect((await bob.client.get('/api/auth/user')).body).toMatchObject({ email: bob.email, pendingEmail: null });
  });
});
