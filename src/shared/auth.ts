import { z } from 'zod';

/**
 * ASVS V2.1: at least 8 characters, up to at least 64 allowed, every character allowed; no
 * composition rules. Strength and personal data are checked by ./password-rule.ts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;

/** The rule in brief, under every field where a new password is chosen. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, hard to guess, and not your name or email. Three or four unrelated words are strong and easy to remember.`;

/** Why a new password is refused; each says what to do instead, also without the hint. */
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  blank: 'A password cannot be only spaces. Use words, letters, numbers or symbols.',
  personal:
    'Your password must not contain your name or email address. Choose words unrelated to you.',
  common: 'This password is too common. Choose a less predictable one.',
  weak: 'This password is too easy to guess. Add more words or characters.',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

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
  mustAcceptTerms: 'You must accept the Terms & Conditions and the Privacy Policy',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
} as const;
