import type { UpdateProfileInput, UpdateProfileResponse, User } from '@hearth/contracts';
import { subscriptionStatusSchema } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { notFound } from '../../infrastructure/http/errors';
import type { PendingEmailChanges } from '../auth/service';
import { findUserById, updateUserNames, type UserRow } from './repository';

// The trial and subscription-status columns of the user's row, for access and billing.
export { claimTrial, findTrialFacts, lockUser, setSubscriptionStatus } from './repository';

export const EMAIL_CHANGE_MESSAGE =
  'Profile updated! Please check your email and click the confirmation link to complete the email change.';

export function toUser(row: UserRow, pendingEmail: string | null): User {
  const status = subscriptionStatusSchema.safeParse(row.subscriptionStatus);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    pendingEmail,
    emailVerified: row.emailVerified,
    profileImageUrl: row.image,
    createdAt: row.createdAt.toISOString(),
    trialStartedAt: row.trialStartedAt?.toISOString() ?? null,
    trialUsed: row.trialUsed,
    subscriptionStatus: status.success ? status.data : null,
  };
}

export async function getUser({ db, pendingEmailChanges }: UserDeps, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User not found');
  return toUser(row, await pendingEmailChanges.find(row.id, row.email));
}

interface UserDeps {
  db: Db;
  pendingEmailChanges: PendingEmailChanges;
}

interface UpdateProfileDeps extends UserDeps {
  /** Starts the confirmed email change (the auth provider mails the current address). */
  requestEmailChange: (newEmail: string) => Promise<void>;
}

export async function updateProfile(
  { db, pendingEmailChanges, requestEmailChange }: UpdateProfileDeps,
  current: { id: string; email: string },
  input: UpdateProfileInput,
): Promise<UpdateProfileResponse> {
  const newEmail = input.email.trim().toLowerCase();
  const emailChanged = newEmail !== current.email.toLowerCase();
  // The email step can be refused, so it goes first: a refusal leaves the names untouched too.
  if (emailChanged) {
    await requestEmailChange(newEmail);
    await pendingEmailChanges.record(current.id, newEmail);
  }
  const row = await updateUserNames(db, current.id, { firstName: input.firstName, lastName: input.lastName });
  if (!row) throw notFound('User not found');
  return {
    user: toUser(row, await pendingEmailChanges.find(row.id, row.email)),
    emailChanged,
    ...(emailChanged ? { message: EMAIL_CHANGE_MESSAGE } : {}),
  };
}
