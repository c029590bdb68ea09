import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { PASSWORD_MAX, PASSWORD_MIN } from '@hearth/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { MailTransport } from '../mail/mailer';
import { accountExistsMail, confirmEmailChangeMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { signInAfterPasswordReset } from './sign-in-after-reset';

const ONE_HOUR_IN_SECONDS = 60 * 60;

interface AuthDeps {
  config: Config;
  db: Db;
  mail: MailTransport;
}

export function createAuth({ config, db, mail }: AuthDeps) {
  return betterAuth({
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
    session: {
      expiresIn: 30 * 24 * ONE_HOUR_IN_SECONDS,
      updateAge: 24 * ONE_HOUR_IN_SECONDS,
    },
    // Throttling is done by our own sign-in guard, which counts failures per account and per IP.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    hooks: signInAfterPasswordReset,
    plugins: [bearer()],
  });
}

/** A verified address lands on the sign-in page unless the caller asked for somewhere else. */
function withSignInLanding(verifyUrl: string): string {
  const url = new URL(verifyUrl);
  const callback = url.searchParams.get('callbackURL');
  if (!callback || callback === '/') url.searchParams.set('callbackURL', '/signin?verified=true');
  return url.toString();
}

export type Auth = ReturnType<typeof createAuth>;
