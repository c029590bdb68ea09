import { z } from 'zod';

export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z.email({ error: 'Invalid email address' });

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(NAME_MAX, { error: `${label} must be less than ${NAME_MAX} characters` })
    .optional();

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(NAME_MAX, { error: `${label} must be less than ${NAME_MAX} characters` });

/** SPEC §5: sign-up needs email and password; names are optional. */
export const signUpSchema = z.object({
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  email: emailSchema,
  password: z.string().min(1, { error: 'Password is required' }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Password is required' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const resetEmailSchema = z.object({
  email: z.string().min(1, { error: 'Email is required' }).pipe(emailSchema),
});
export type ResetEmailInput = z.infer<typeof resetEmailSchema>;

/** The strength rules shared by the profile dialog and the update-password page. */
export const strongPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be less than ${PASSWORD_MAX} characters` })
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, {
    error: 'Password must contain at least one lowercase letter, one uppercase letter, and one number',
  });

/** Live requirement list on /update-password (SPEC §2, §5). */
export const passwordRequirements = [
  { label: `At least ${PASSWORD_MIN} characters`, test: (p: string) => p.length >= PASSWORD_MIN },
  { label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One number', test: (p: string) => /\d/.test(p) },
] as const;

export const isPasswordStrong = (password: string) => strongPasswordSchema.safeParse(password).success;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Current password is required' }),
    newPassword: strongPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const updateProfileSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: emailSchema,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const subscriptionStatusSchema = z.enum(['trial', 'active', 'canceled', 'past_due']);

/** The product record of the signed-in user (SPEC §3 "User"). */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** An address the user asked to change to and has not confirmed yet; `email` stays the confirmed one. */
  pendingEmail: z.string().nullable(),
  emailVerified: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  trialStartedAt: z.iso.datetime().nullable(),
  trialUsed: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const updateProfileResponseSchema = z.object({
  user: userSchema,
  emailChanged: z.boolean(),
  message: z.string().optional(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const authConfigSchema = z.object({
  /** Base URL of the authentication endpoints. */
  url: z.string(),
  /** Kept for clients that expect a public key; this provider needs none. */
  anonKey: z.string().nullable(),
  /** True while mail goes to the local outbox (development only). */
  devOutbox: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const outboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.iso.datetime(),
});
export const outboxSchema = z.array(outboxMessageSchema);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
