import type { SignUpInput } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toAuthError } from './auth-error';

/** Where the verification link lands once the address is confirmed. */
export const VERIFIED_CALLBACK_URL = '/signin?verified=true';

/** The provider's required display name: "first last", or the address's local part when both are empty. */
export function displayNameFor({ firstName, lastName, email }: Pick<SignUpInput, 'firstName' | 'lastName' | 'email'>) {
  const fullName = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return fullName || email.split('@')[0] || email;
}

export async function signUp(input: SignUpInput) {
  const firstName = input.firstName?.trim() || undefined;
  const lastName = input.lastName?.trim() || undefined;
  const { error } = await authClient.signUp.email({
    email: input.email.trim(),
    password: input.password,
    name: displayNameFor(input),
    firstName,
    lastName,
    callbackURL: VERIFIED_CALLBACK_URL,
  });
  if (error) throw toAuthError(error);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
