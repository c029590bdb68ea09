import type { Auth } from './auth';

/** Each step's link lives 24 hours (emailVerification.expiresIn); a change has two steps. */
const PENDING_FOR_MS = 2 * 24 * 60 * 60 * 1000;

const identifierFor = (userId: string) => `pending-email-change:${userId}`;

/**
 * The address a user asked to move to and has not confirmed yet. better-auth carries an email change
 * in its signed links only and stores nothing, so the profile could not tell the confirmed address from
 * the requested one. The request is kept in better-auth's own verification table (no table of ours).
 */
export interface PendingEmailChanges {
  record(userId: string, newEmail: string): Promise<void>;
  /** The pending address, or null once it is confirmed (it became `currentEmail`), replaced or lapsed. */
  find(userId: string, currentEmail: string): Promise<string | null>;
}

export function createPendingEmailChanges(auth: Auth): PendingEmailChanges {
  const adapter = async () => (await auth.$context).internalAdapter;
  return {
    async record(userId, newEmail) {
      const internal = await adapter();
      await internal.deleteVerificationByIdentifier(identifierFor(userId));
      await internal.createVerificationValue({
        identifier: identifierFor(userId),
        value: newEmail,
        expiresAt: new Date(Date.now() + PENDING_FOR_MS),
      });
    },
    async find(userId, currentEmail) {
      const internal = await adapter();
      const pending = await internal.findVerificationValue(identifierFor(userId));
      if (!pending) return null;
      const done = pending.value.toLowerCase() === currentEmail.toLowerCase();
      if (done || pending.expiresAt.getTime() <= Date.now()) {
        await internal.deleteVerificationByIdentifier(identifierFor(userId));
        return null;
      }
      return pending.value;
    },
  };
}
