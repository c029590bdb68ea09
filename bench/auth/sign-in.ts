/**
 * Benchmark of password hashing and password sign-in, before and after argon2id (issue 10, item 5):
 *
 *   npm run bench:auth   (= npx tsx bench/auth/sign-in.ts from the repository root; ROUNDS=20)
 *
 * Old: better-auth's default scrypt (N=2^14, r=16, p=1, 64-byte key), what Hearth stored until now.
 * New: argon2id m=19456 KiB, t=2, p=1 (OWASP's first setting) through @node-rs/argon2.
 *
 * Reported, as medians over ROUNDS: hashing one password and verifying one (in this process, one at a time),
 * and a whole `POST /api/auth/sign-in/email` over HTTP against the app on PGlite (the test app, with the
 * throttle's reservation), for an account still holding an old scrypt hash (verify + the one-time rehash to
 * argon2id: the hash is put back before every round) and for one holding argon2id. Writes
 * bench/results/auth-sign-in.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { PASSWORD, signedInAgent } from '@hearth/server/test-support/accounts';
import { startTestApp } from '@hearth/server/test-support/app';
import { ApiClient } from '@hearth/server/test-support/client';
import { hashPassword as argon2Hash, verifyPassword as argon2Verify } from '@hearth/server/test-support/internals';
import { median, ROOT, round2 } from '../support/server';
import { resultsDir } from '../support/report';

// better-auth is a dependency of the server workspace: its scrypt is loaded from there.
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const betterAuthCrypto = (await import(pathToFileURL(serverRequire.resolve('better-auth/crypto')).href)) as {
  hashPassword: (password: string) => Promise<string>;
  verifyPassword: (input: { hash: string; password: string }) => Promise<boolean>;
};
const { hashPassword: scryptHash, verifyPassword: scryptVerify } = betterAuthCrypto;

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const RESULTS_FILE = path.join(resultsDir(), 'auth-sign-in.json');

async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function medianOf(fn: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (before) await before();
    samples.push(await timeMs(fn));
  }
  return round2(median(samples));
}

async function main() {
  const oldHash = await scryptHash(PASSWORD);
  const newHash = await argon2Hash(PASSWORD);
  const hashing = {
    old: await medianOf(() => scryptHash(PASSWORD)),
    new: await medianOf(() => argon2Hash(PASSWORD)),
  };
  const verifying = {
    old: await medianOf(() => scryptVerify({ hash: oldHash, password: PASSWORD })),
    new: await medianOf(() => argon2Verify({ hash: newHash, password: PASSWORD })),
  };

  const testApp = await startTestApp({ SIGNIN_FREE_FAILURES_PER_ADDRESS: '100' });
  try {
    const { email } = await signedInAgent(testApp);
    const setHash = (hash: string) =>
      testApp.database.query(
        `UPDATE account SET password = $2 FROM "user" WHERE "user".id = account.user_id AND "user".email = $1`,
        [email, hash],
      );
    const signIn = async () => {
      const response = await new ApiClient(testApp.baseUrl).post('/api/auth/sign-in/email', {
        email,
        password: PASSWORD,
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    };
    const signingIn = {
      old: await medianOf(signIn, () => setHash(oldHash)),
      new: await medianOf(signIn, () => setHash(newHash)),
    };

    const rows = [
      ['hash one password', hashing],
      ['verify one password', verifying],
      ['POST /api/auth/sign-in/email', signingIn],
    ] as const;
    console.log(`password hashing and sign-in, median of ${ROUNDS} (ms), load ${os.loadavg()[0]!.toFixed(1)}`);
    console.log(
      `${'what'.padEnd(32)}${'old scrypt N=2^14'.padStart(20)}${'new argon2id'.padStart(16)}${'new/old'.padStart(10)}`,
    );
    for (const [label, { old, new: now }] of rows) {
      console.log(
        `${label.padEnd(32)}${String(old).padStart(20)}${String(now).padStart(16)}${`${round2(now / old)}x`.padStart(10)}`,
      );
    }
    const report = {
      rounds: ROUNDS,
      loadAverage: round2(os.loadavg()[0]!),
      cpus: os.cpus().length,
      old: 'better-auth scrypt N=16384 r=16 p=1 dkLen=64',
      new: 'argon2id m=19456 t=2 p=1 (@node-rs/argon2)',
      signInNote: 'old = account holding a scrypt hash (verify + one-time rehash to argon2id); new = argon2id hash',
      medianMs: { hashing, verifying, signingIn },
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written to ${path.relative(ROOT, RESULTS_FILE)}`);
  } finally {
    await testApp.close();
  }
}

await main();
