import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { latestLink, outbox, PASSWORD, signedInAgent, uniqueEmail } from '../helpers/accounts';
import { loopbackAddress, rawRequest, type RawResponse } from '../helpers/raw-http';

const FREE_PER_ADDRESS = 3;
const MAX_PER_ACCOUNT = 6;
const MAX_PER_IP = 10;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    SIGNIN_FREE_FAILURES_PER_ADDRESS: String(FREE_PER_ADDRESS),
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_PER_ACCOUNT),
    SIGNIN_MAX_FAILURES_PER_IP: String(MAX_PER_IP),
  });
});
afterAll(() => testApp.close());

const SIGN_IN = '/api/auth/sign-in/email';
let nextAddress = 0;
/** A client address no other test uses. */
const freshAddress = () => loopbackAddress(nextAddress++);

const signIn = (email: string, password: string, from: string, path = SIGN_IN) =>
  rawRequest(testApp.baseUrl, { path, body: { email, password }, from });

const wrong = (i: number) => `Wrong-Guess-${i}-Aa1`;
const statuses = (responses: RawResponse[]) => responses.map((r) => r.status);
const countOf = (responses: RawResponse[], status: number) => responses.filter((r) => r.status === status).length;
const signedIn = (response: RawResponse) =>
  String(response.headers['set-cookie'] ?? '').includes('better-auth.session_token=');

async function counter(scope: string, key: string) {
  const { rows } = await testApp.database.query('SELECT attempts FROM sign_in_counter WHERE scope = $1 AND key = $2', [
    scope,
    key,
  ]);
  return Number(rows[0]?.attempts ?? 0);
}

/** Spellings that reach better-auth's sign-in endpoint: the URL parser resolves each to /api/auth/sign-in/email. */
const ROUTED_SPELLINGS = [
  '/api/auth/./sign-in/email',
  '/api/auth/x/../sign-in/email',
  '/api/auth/%2e/sign-in/email',
  '/api/auth/%2E%2E/auth/sign-in/email',
  '/api/auth/sign-in/./email',
  '/api/auth/sign-in\\email',
  '/api/auth/sign-in/email?source=variant',
];

/** Spellings better-auth's router does not route (it neither decodes, folds case nor drops slashes). */
const UNROUTED_SPELLINGS = [
  '/api/auth//sign-in/email',
  '/api/auth/sign-in//email',
  '/api/auth/sign-in/email/',
  '/api/auth/SIGN-IN/email',
  '/api/auth/Sign-In/Email',
  '/api/auth/sign-in%2Femail',
  '/api/auth/sign-in/%65mail',
  '/api/auth/sign%2Din/email',
  '/API/auth/sign-in/email',
  '/api//auth/sign-in/email',
  '/api/auth/sign-in/email;x',
];

describe('item 1: every spelling of the sign-in path is throttled', () => {
  it.each(ROUTED_SPELLINGS)('counts wrong passwords sent to %s', async (spelling) => {
    const { email } = await signedInAgent(testApp);
    const from = freshAddress();
    for (let i = 0; i < FREE_PER_ADDRESS; i++) expect((await signIn(email, wrong(i), from, spelling)).status).toBe(401);

    // The budget is spent, by whichever spelling: the canonical path and the variant both refuse.
    const canonical = await signIn(email, PASSWORD, from);
    expect(canonical.status).toBe(429);
    expect(signedIn(canonical)).toBe(false);
    const variant = await signIn(email, PASSWORD, from, spelling);
    expect(variant.status).toBe(429);
    expect(signedIn(variant)).toBe(false);
    expect(await counter('account-address', `${email} ${from}`)).toBe(FREE_PER_ADDRESS);
  });

  it('refuses every spelling from an address that is waiting, even with the right password', async () => {
    const { email } = await signedInAgent(testApp);
    const from = freshAddress();
    for (let i = 0; i < FREE_PER_ADDRESS; i++) expect((await signIn(email, wrong(i), from)).status).toBe(401);

    const guesses = [];
    for (let i = 0; i < 20; i++) guesses.push(await signIn(email, wrong(100 + i), from, '/api/auth/./sign-in/email'));
    expect(countOf(guesses, 429)).toBe(20);
    for (const spelling of ROUTED_SPELLINGS) {
      const response = await signIn(email, PASSWORD, from, spelling);
      expect(response.status, spelling).toBe(429);
      expect(response.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    }
    expect(await counter('account-address', `${email} ${from}`)).toBe(FREE_PER_ADDRESS);
  });

  it('answers 404 to spellings better-auth does not route, and never signs in through them', async () => {
    const { email } = await signedInAgent(testApp);
    const from = freshAddress();
    for (const spelling of UNROUTED_SPELLINGS) {
      const response = await signIn(email, PASSWORD, from, spelling);
      expect(response.status, spelling).toBe(404);
      expect(signedIn(response), spelling).toBe(false);
    }
  });

  it('keeps the sign-in-link endpoint closed to the public, by any spelling', async () => {
    const { email } = await signedInAgent(testApp);
    for (const path of [
      '/api/auth/sign-in/magic-link',
      '/api/auth/./sign-in/magic-link',
      '/api/auth/sign-in/magic-link/',
      '/api/auth/x/../sign-in/magic-link',
    ]) {
      const response = await rawRequest(testApp.baseUrl, { path, body: { email }, from: freshAddress() });
      expect(response.status, path).toBe(404);
    }
    expect((await outbox(testApp)).filter((m) => m.to === email && /sign-in link/i.test(m.subject))).toHaveLength(0);
  });
});

describe('item 2: concurrent guesses cannot overshoot a limit', () => {
  it('150 concurrent wrong passwords from one address: exactly the free failures are tried', async () => {
    const { email } = await signedInAgent(testApp);
    const from = freshAddress();
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn(email, wrong(i), from)));
    expect(countOf(responses, 401)).toBe(FREE_PER_ADDRESS);
    expect(countOf(responses, 429)).toBe(150 - FREE_PER_ADDRESS);
    expect(await counter('account-address', `${email} ${from}`)).toBe(FREE_PER_ADDRESS);
    expect(await counter('address', from)).toBe(FREE_PER_ADDRESS);
  });

  it('150 concurrent wrong passwords from 30 addresses: exactly the account cap is tried, one mail is sent', async () => {
    const { email } = await signedInAgent(testApp);
    const addresses = Array.from({ length: 30 }, freshAddress);
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => signIn(email, wrong(i), addresses[i % addresses.length]!)),
    );
    expect(countOf(responses, 401)).toBe(MAX_PER_ACCOUNT);
    expect(countOf(responses, 429)).toBe(150 - MAX_PER_ACCOUNT);
    expect(await counter('account', email)).toBe(MAX_PER_ACCOUNT);
    const links = (await outbox(testApp)).filter((m) => m.to === email && m.subject === 'Your Hearth sign-in link');
    expect(links).toHaveLength(1);
  });

  it('40 concurrent wrong passwords from one address on 40 accounts: exactly the address cap is tried', async () => {
    const from = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(uniqueEmail('nobody'), wrong(i), from)),
    );
    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(MAX_PER_IP);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(40 - MAX_PER_IP);
    expect(refused[0]!.body).toMatchObject({
      message: 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
    });
    expect(await counter('address', from)).toBe(MAX_PER_IP);
  });
});

describe('item 3: a stranger cannot lock the owner out', () => {
  it('the owner signs in from their usual address while strangers hammer from others', async () => {
    const owner = await signedInAgent(testApp); // signs in from 127.0.0.1: the owner's usual address
    const strangers = Array.from({ length: 5 }, freshAddress);
    const attack = [];
    for (let i = 0; i < 25; i++) attack.push(await signIn(owner.email, wrong(i), strangers[i % strangers.length]!));
    expect(countOf(attack, 401)).toBe(MAX_PER_ACCOUNT);

    const ownerAgain = await signIn(owner.email, PASSWORD, '127.0.0.1');
    expect(ownerAgain.status).toBe(200);
    expect(signedIn(ownerAgain)).toBe(true);
    // Strangers stay refused, and the owner's sign-in gave them nothing back.
    expect((await signIn(owner.email, PASSWORD, strangers[0]!)).status).toBe(429);
    expect(await counter('account', owner.email)).toBe(MAX_PER_ACCOUNT);
  });

  it('from a new address the owner is mailed one one-time sign-in link, which signs them in and lets that address in', async () => {
    const owner = await signedInAgent(testApp);
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) {
      expect((await signIn(owner.email, wrong(i), freshAddress())).status).toBe(401);
    }
    const newPlace = freshAddress();
    const refused = await signIn(owner.email, PASSWORD, newPlace);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message:
        'Too many failed sign-in attempts on this account from other places. If this is your account, we have emailed you a one-time sign-in link.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // More refusals do not mail again.
    expect((await signIn(owner.email, wrong(99), freshAddress())).status).toBe(429);
    const mails = (await outbox(testApp)).filter((m) => m.to === owner.email && /sign-in link/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/works once and expires in 15 minutes/);

    const link = await latestLink(testApp, owner.email, /sign-in link/);
    const followed = await rawRequest(testApp.baseUrl, { method: 'GET', path: link, from: newPlace });
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe('http://localhost:3000/dashboard');
    expect(signedIn(followed)).toBe(true);
    const cookie = String(followed.headers['set-cookie']).split(';')[0]!;
    const me = await rawRequest(testApp.baseUrl, { method: 'GET', path: '/api/auth/user', headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: owner.email });

    const again = await rawRequest(testApp.baseUrl, { method: 'GET', path: link, from: newPlace });
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/error=INVALID_TOKEN/);
    expect(signedIn(again)).toBe(false);
    // The address the link was used from is now one of the owner's: the password works there.
    expect((await signIn(owner.email, PASSWORD, newPlace)).status).toBe(200);
  });

  it('answers an unknown account at its cap alike, and mails nobody', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) expect((await signIn(email, wrong(i), freshAddress())).status).toBe(401);
    const refused = await signIn(email, PASSWORD, freshAddress());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/emailed you a one-time sign-in link/) });
    expect((await outbox(testApp)).filter((m) => m.to === email)).toHaveLength(0);
  });

  it('waits double after the free failures of one address: 1 minute, then 2', async () => {
    const { email } = await signedInAgent(testApp);
    const from = freshAddress();
    for (let i = 0; i < FREE_PER_ADDRESS; i++) expect((await signIn(email, wrong(i), from)).status).toBe(401);
    const first = await signIn(email, PASSWORD, from);
    expect(first.status).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(first.body).toMatchObject({
      message: 'Too many failed sign-in attempts. Please wait 1 minute before trying again, or reset your password.',
    });

    // The minute passes (the row is aged as the clock would age it): one more try, then a 2-minute wait.
    await testApp.database.query(
      `UPDATE sign_in_counter SET next_attempt_at = now() - interval '1 second' WHERE scope = 'account-address' AND key = $1`,
      [`${email} ${from}`],
    );
    expect((await signIn(email, wrong(50), from)).status).toBe(401);
    const second = await signIn(email, PASSWORD, from);
    expect(second.status).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(second.body).toMatchObject({ message: expect.stringMatching(/wait 2 minutes/) });
  });
});
