import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Outcome, Refusal, Reservation, SignInThrottle } from './sign-in-throttle';

/**
 * The client address as Fastify saw it (its `trustProxy` setting decides), set by our route for every
 * request it hands to better-auth; a value sent by the client is dropped there.
 */
export const CLIENT_ADDRESS_HEADER = 'x-hearth-client-address';

/** better-auth's own route paths, relative to /api/auth. */
const SIGN_IN_PATH = '/sign-in/email';
const MAGIC_LINK_VERIFY_PATH = '/magic-link/verify';

interface SignInGuardDeps {
  throttle: SignInThrottle;
  /** Mails the owner of this (existing) account a one-time sign-in link. */
  mailSignInLink: (email: string, headers: Headers | undefined) => Promise<void>;
  /** Whether a stored hash was made by an older scheme or weaker settings than passwords are hashed with now. */
  passwordNeedsRehash: (hash: string) => boolean;
}

interface GuardedContext {
  signInReservation?: Reservation;
}

/**
 * Throttles password sign-in inside better-auth, on its `/sign-in/email` endpoint itself: whatever spelling
 * of the path the router accepted, this is the code that runs before the password is checked.
 */
export function signInGuard({ throttle, mailSignInLink, passwordNeedsRehash }: SignInGuardDeps): BetterAuthPlugin {
  return {
    id: 'hearth-sign-in-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = normalisedEmail((ctx.body as { email?: unknown } | undefined)?.email);
            // Without a usable address the body is refused by the endpoint's own validation, unchecked.
            if (!email) return;
            const result = await throttle.reserve(email, clientAddress(ctx.headers));
            if ('refusal' in result) {
              if (result.refusal.kind === 'account' && (await throttle.claimSignInLinkMail(email))) {
                const owner = await ctx.context.internalAdapter.findUserByEmail(email);
                if (owner) await mailSignInLink(owner.user.email, ctx.headers);
              }
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { message: refusalMessage(result.refusal), code: 'TOO_MANY_ATTEMPTS' },
                { 'retry-after': String(result.refusal.retryAfterSeconds) },
              );
            }
            const guarded: GuardedContext = { signInReservation: result.reservation };
            return { context: guarded };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const reservation = (ctx as GuardedContext).signInReservation;
            if (!reservation) return;
            const outcome = outcomeOf(ctx.context.returned, ctx.context.newSession !== null);
            await throttle.settle(reservation, outcome);
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            const userId = ctx.context.newSession?.user.id;
            if (outcome !== 'signed-in' || !userId || typeof password !== 'string') return;
            // An old hash (better-auth's scrypt) is replaced while the password that matches it is at hand.
            const credential = (await ctx.context.internalAdapter.findAccounts(userId)).find(
              (account) => account.providerId === 'credential',
            );
            if (credential?.password && passwordNeedsRehash(credential.password)) {
              await ctx.context.internalAdapter.updatePassword(userId, await ctx.context.password.hash(password));
            }
          }),
        },
        {
          // The owner followed a mailed sign-in link: the address they did it from becomes a known one.
          matcher: (ctx) => ctx.path === MAGIC_LINK_VERIFY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            if (session) await throttle.recordSignIn(normalisedEmail(session.user.email)!, clientAddress(ctx.headers));
          }),
        },
      ],
    },
  };
}

function outcomeOf(returned: unknown, signedIn: boolean): Outcome {
  if (isAPIError(returned)) return returned.statusCode === 401 ? 'wrong-password' : 'not-judged';
  return signedIn ? 'signed-in' : 'not-judged';
}

function refusalMessage(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'account-address':
      return `Too many failed sign-in attempts. Please wait ${waitText(refusal.retryAfterSeconds)} before trying again, or reset your password.`;
    case 'address':
      return 'Too many failed sign-in attempts from your network. Please try again in 15 minutes.';
    case 'account':
      return 'Too many failed sign-in attempts on this account from other places. If this is your account, we have emailed you a one-time sign-in link.';
  }
}

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function normalisedEmail(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

function clientAddress(headers: Headers | undefined): string {
  return headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
