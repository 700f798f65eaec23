import { z } from 'zod';

/** ASVS V2.1: at least 8 characters, up to at least 64 allowed; no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().max(NAME_MAX_LENGTH, 'Name too long'),
  email: emailSchema,
  password: passwordSchema,
  acceptTerms: z.literal(true, { error: 'You must accept the Terms & Conditions' }),
  acceptPrivacy: z.literal(true, { error: 'You must accept the Privacy Policy' }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Messages the server sends for auth situations the client shows verbatim. */
export const AUTH_MESSAGES = {
  emailNotVerified:
    'Please verify your email address first. Check your inbox for the link, or resend it below.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  mustAcceptTerms: 'You must accept the Terms & Conditions and the Privacy Policy',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
} as const;
