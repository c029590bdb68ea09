import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { verifyPassword as verifyBetterAuthScrypt } from 'better-auth/crypto';

/** `Algorithm.Argon2id`, spelled out: a const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

/**
 * OWASP Password Storage Cheat Sheet, first argon2id setting: 19 MiB, 2 passes, 1 lane.
 * See docs/decisions/006.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/** A new password hash: argon2id in PHC format (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Verifies argon2 hashes, and the scrypt hashes (`salt:key`, N=2^14) better-auth wrote before them. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  if (stored.startsWith('$argon2')) return verify(stored, password);
  return verifyBetterAuthScrypt({ hash: stored, password });
}

/** True for a hash made by an older scheme or weaker settings: it is replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2')) return true;
  try {
    const current = parseOptions(stored);
    return (
      current.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      current.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      current.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}
