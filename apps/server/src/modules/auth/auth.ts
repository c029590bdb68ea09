import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, magicLink } from 'better-auth/plugins';
import { PASSWORD_MAX, PASSWORD_MIN } from '@hearth/contracts';
import { hashPassword, needsRehash, verifyPassword } from '../../infrastructure/passwords/passwords';
import type { Config } from '../../config';
import type { Db } from '../../infrastructure/db/client';
import * as schema from '../../infrastructure/db/schema';
import type { MailTransport } from '../../infrastructure/mail/mailer';
import {
  accountExistsMail,
  confirmEmailChangeMail,
  resetPasswordMail,
  signInLinkMail,
  verifyEmailMail,
} from './mail-templates';
import { CLIENT_ADDRESS_HEADER, signInGuard } from './sign-in-guard';
import type { SignInThrottle } from './sign-in-throttle';
import { signInAfterPasswordReset } from './sign-in-after-reset';

const ONE_HOUR_IN_SECONDS = 60 * 60;
const ONE_DAY_IN_SECONDS = 24 * ONE_HOUR_IN_SECONDS;
const SIGN_IN_LINK_MINUTES = 15;

interface AuthDeps {
  config: Config;
  db: Db;
  mail: MailTransport;
  throttle: SignInThrottle;
}

export function createAuth({ config, db, mail, throttle }: AuthDeps) {
  // Bound once `auth` exists: the sign-in guard asks the magic-link endpoint for a link.
  let mailSignInLink: (email: string, headers: Headers | undefined) => Promise<void> = async () => {};
  const auth = betterAuth({
    appName: 'Hearth',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: ONE_HOUR_IN_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mail.send(resetPasswordMail(user.email, url));
      },
      // Sign-up answers alike for new and taken addresses; the owner hears about the attempt.
      onExistingUserSignUp: async ({ user }) => {
        await mail.send(accountExistsMail(user.email, `${config.appUrl}/signin`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * ONE_HOUR_IN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send(verifyEmailMail(user.email, withSignInLanding(url)));
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        trialStartedAt: { type: 'date', required: false, input: false },
        trialUsed: { type: 'boolean', required: false, defaultValue: false, input: false },
        subscriptionStatus: { type: 'string', required: false, input: false },
      },
      changeEmail: {
        enabled: true,
        // The current address approves first; the new address is then verified.
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await mail.send(confirmEmailChangeMail(user.email, newEmail, url));
        },
      },
    },
    // A session ends after 7 idle days; the database caps every session at 30 days after sign-in,
    // whatever the activity (migration 0005, docs/decisions/006).
    session: {
      expiresIn: 7 * ONE_DAY_IN_SECONDS,
      updateAge: ONE_DAY_IN_SECONDS,
    },
    // Throttling is done by our own sign-in guard (docs/decisions/005).
    rateLimit: { enabled: false },
    // Sign-in links are mailed only by the sign-in guard, never on request.
    disabledPaths: ['/sign-in/magic-link'],
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    hooks: signInAfterPasswordReset,
    plugins: [
      bearer(),
      magicLink({
        disableSignUp: true,
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }) => {
          await mail.send(signInLinkMail(email, url, SIGN_IN_LINK_MINUTES));
        },
      }),
      signInGuard({
        throttle,
        mailSignInLink: (email, headers) => mailSignInLink(email, headers),
        passwordNeedsRehash: needsRehash,
      }),
    ],
  });
  mailSignInLink = async (email, headers) => {
    await auth.api.signInMagicLink({ body: { email, callbackURL: '/dashboard' }, headers: headers ?? new Headers() });
  };
  return auth;
}

/** A verified address lands on the sign-in page unless the caller asked for somewhere else. */
function withSignInLanding(verifyUrl: string): string {
  const url = new URL(verifyUrl);
  const callback = url.searchParams.get('callbackURL');
  if (!callback || callback === '/') url.searchParams.set('callbackURL', '/signin?verified=true');
  return url.toString();
}

export type Auth = ReturnType<typeof createAuth>;
