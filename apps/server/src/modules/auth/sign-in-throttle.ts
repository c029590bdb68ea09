import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailure } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;
const IP_WINDOW_MS = 15 * 60 * 1000;

export interface SignInLimits {
  maxFailuresPerAccountPerHour: number;
  maxFailuresPerIpPer15Min: number;
}

/**
 * Counts failed password sign-ins. Only failures count, so a person who signs in correctly
 * is never slowed down, while guessing is capped per account and per address.
 */
export function createSignInThrottle(db: Db, limits: SignInLimits) {
  return {
    async refusal(email: string, ip: string): Promise<string | null> {
      const now = Date.now();
      const [byAccount] = await db
        .select({ n: count() })
        .from(signInFailure)
        .where(and(eq(signInFailure.email, email), gt(signInFailure.createdAt, new Date(now - HOUR_MS))));
      if ((byAccount?.n ?? 0) >= limits.maxFailuresPerAccountPerHour) {
        return 'Too many failed sign-in attempts for this account. Please wait an hour or reset your password.';
      }
      const [byIp] = await db
        .select({ n: count() })
        .from(signInFailure)
        .where(and(eq(signInFailure.ip, ip), gt(signInFailure.createdAt, new Date(now - IP_WINDOW_MS))));
      if ((byIp?.n ?? 0) >= limits.maxFailuresPerIpPer15Min) {
        return 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.';
      }
      return null;
    },

    async recordFailure(email: string, ip: string) {
      await db.insert(signInFailure).values({ email, ip });
      await db.delete(signInFailure).where(lt(signInFailure.createdAt, new Date(Date.now() - 24 * HOUR_MS)));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
