import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';

const RESET_PATH = '/reset-password';

/** The user a reset token belongs to, read before the provider consumes the token. */
const resettingUser = new WeakMap<Request, string>();

/**
 * SPEC §2 /update-password ends on the dashboard, but better-auth's reset ends every session and
 * starts none. A good reset link proves the person holds the account's mailbox, so the successful
 * reset signs this browser in (and counts the address as verified), as a sign-in would.
 * See docs/decisions/061-truthful-screens-reset-sign-in-and-capabilities.md.
 */
export const signInAfterPasswordReset = {
  before: createAuthMiddleware(async (ctx) => {
    if (ctx.path !== RESET_PATH || !ctx.request) return;
    const token = (ctx.body as { token?: unknown } | undefined)?.token ?? ctx.query?.token;
    if (typeof token !== 'string' || !token) return;
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (verification) resettingUser.set(ctx.request, verification.value);
  }),
  after: createAuthMiddleware(async (ctx) => {
    if (ctx.path !== RESET_PATH || !ctx.request) return;
    const userId = resettingUser.get(ctx.request);
    resettingUser.delete(ctx.request);
    if (!userId || isAPIError(ctx.context.returned)) return;
    let user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user) return;
    if (!user.emailVerified) {
      user = (await ctx.context.internalAdapter.updateUser(userId, { emailVerified: true })) ?? user;
    }
    const session = await ctx.context.internalAdapter.createSession(userId);
    await setSessionCookie(ctx, { session, user });
  }),
};
