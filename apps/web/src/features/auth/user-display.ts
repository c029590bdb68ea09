import type { User } from '@hearth/contracts';

type NamedUser = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** "First Last", or the email when no name is set. */
export function userDisplayName({ firstName, lastName, email }: NamedUser) {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ') || email;
}

/** First name, or the email when there is none (dashboard greeting). */
export function userGreetingName({ firstName, email }: NamedUser) {
  return firstName?.trim() || email;
}

export function userInitials({ firstName, lastName, email }: NamedUser) {
  const initials = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return initials || email.charAt(0).toUpperCase();
}
