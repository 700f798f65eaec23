import { z } from 'zod';

/**
 * The contract of our own auth routes and of the checks we make before passing a request on to
 * better-auth under /api/auth (its other bodies and answers are better-auth's own). The forms'
 * schemas are the request bodies we validate.
 *
 *   POST /api/auth/sign-up/email             signUpSchema → successResponse (../responses.ts),
 *                                            alike for a new and an already registered address
 *   POST /api/auth/sign-in/email             authEmailBody (then better-auth) → better-auth's
 *                                            answer, or 200 twoFactorRedirectResponse for an
 *                                            account with two-factor on (no session yet: the
 *                                            code goes to verify-totp or verify-backup-code), or
 *                                            403 emailNotVerifiedResponse, or 403
 *                                            accountSuspendedResponse
 *   POST /api/auth/two-factor/enable         { password } (none for an account without one) →
 *                                            { totpURI, backupCodes }; 409 when already on
 *   POST /api/auth/two-factor/verify-totp    twoFactorCodeBody → signed in (or enrolment done:
 *                                            the session is replaced and the account's other
 *                                            sessions end); 401/400/429 twoFactor* messages
 *   POST /api/auth/two-factor/verify-backup-code  backupCodeBody → likewise, the code spent
 *   POST /api/auth/two-factor/disable, generate-backup-codes  { password } or, for an account
 *                                            without a password, { code } (a current TOTP code)
 *   POST /api/auth/send-verification-email   authEmailBody → better-auth's answer
 *   GET  /api/auth/verify-email              the mailed link (better-auth): to its page; a change
 *                                            of address to one another account took meanwhile
 *                                            goes to the page with ?error=EMAIL_IN_USE, or, with
 *                                            no page named, 409 { code: EMAIL_IN_USE, message }
 *   POST /api/logout                         → successResponse, also when signed out already
 *   GET  /api/auth-config                    → authConfigResponse
 */

/**
 * ASVS V2.1: at least 8 characters, up to at least 64 allowed, every character allowed; no
 * composition rules. Strength and personal data are checked by ../password-rule.ts.
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

/** The sign-in form (the server itself checks only the address: authEmailBody). */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The sign-up form, and the body of POST /api/auth/sign-up/email. */
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
  /** A change of address confirmed after another account took the new address. */
  emailInUse: 'That email address is already in use.',
  /** A suspended account's sign-in (better-auth's admin plugin, BANNED_USER). */
  suspended:
    'Your account is suspended. If you think this is a mistake, write to us from the Contact page.',
  twoFactorWrongCode: "That code didn't match. Check the current code in your authenticator app.",
  twoFactorTimedOut: 'Sign-in timed out. Enter your password again.',
  twoFactorTooManyCodes: 'Too many wrong codes. Try again in 15 minutes.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on for this account.',
  twoFactorCodeNeeded: 'Enter a current code from your authenticator app.',
  twoFactorPasswordNeeded: 'Enter your password to change two-factor authentication.',
} as const;

/**
 * POST /api/auth/sign-in/email (200) for an account with two-factor authentication on: the
 * password was right, but no session exists yet. A signed cookie names the challenge for ten
 * minutes; the code goes to POST /api/auth/two-factor/verify-totp (or verify-backup-code).
 */
export const twoFactorRedirectResponse = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).optional(),
});
export type TwoFactorRedirectResponse = z.infer<typeof twoFactorRedirectResponse>;

/** The code from the authenticator app: 6 digits. */
export const twoFactorCodeBody = z.object({
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** A backup code as shown at enrolment: `xxxxx-xxxxx`. */
export const backupCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'Enter a backup code like abcde-12345.'),
});
export type BackupCodeBody = z.infer<typeof backupCodeBody>;

/** POST /api/auth/two-factor/enable: the password (absent for an account without one). */
export const enableTwoFactorBody = z.object({ password: z.string().optional() });

/** Shown once: the authenticator's `otpauth://` URI (the QR code) and the backup codes. */
export const enableTwoFactorResponse = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponse>;

/** Turning two-factor off, new backup codes: the password, or without one a current code. */
export const twoFactorConfirmBody = z.object({
  password: z.string().optional(),
  code: z.string().optional(),
});

/** POST /api/auth/two-factor/generate-backup-codes: the new codes (the old ones stop working). */
export const backupCodesResponse = z.object({
  status: z.boolean(),
  backupCodes: z.array(z.string()),
});

/** A two-factor answer from the gate: `code` says which (the web maps it to a step). */
export const TWO_FACTOR_ERROR_CODES = {
  wrongCode: 'INVALID_CODE',
  timedOut: 'INVALID_TWO_FACTOR_COOKIE',
  tooManyCodes: 'ACCOUNT_TEMPORARILY_LOCKED',
} as const;

/** POST /api/auth/sign-in/email (403) for a suspended account. */
export const accountSuspendedResponse = z.object({
  code: z.literal('ACCOUNT_SUSPENDED'),
  message: z.string(),
});
export type AccountSuspendedResponse = z.infer<typeof accountSuspendedResponse>;

/** The `error` (and `code`) of a change-of-address link whose new address is taken. */
export const EMAIL_IN_USE = 'EMAIL_IN_USE';

/** Sign-in and resending the verification mail: we check the address; better-auth the rest. */
export const authEmailBody = z.object({ email: emailSchema }).loose();

/** POST /api/auth/sign-in/email (403): the dialog offers to resend the verification mail. */
export const emailNotVerifiedResponse = z.object({
  code: z.literal('EMAIL_NOT_VERIFIED'),
  message: z.string(),
});
export type EmailNotVerifiedResponse = z.infer<typeof emailNotVerifiedResponse>;

/** GET /api/auth-config: the sign-in methods this server offers (Google only when set up). */
export const authConfigResponse = z.object({
  google: z.boolean(),
  googleProviderId: z.string(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

/**
 * Who is signed in, as the server reads it from the session cookie (src/server/plugins/session.ts)
 * and as the web app holds it (`useSession`). Declared once.
 */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  /** 'user', or a staff role (../staff/roles.ts); older answers without it are users. */
  role: z.string().default('user'),
  /** Whether sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean().default(false),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/get-session (better-auth): the session's user among its fields, or null. */
export const sessionResponse = z.object({ user: sessionUserSchema }).nullable();

/** POST /api/auth/sign-in/oauth2 (better-auth): where the browser goes to sign in. */
export const oauthRedirectResponse = z.object({ url: z.string() });

/** What better-auth answers where the web app reads nothing of it. */
export const betterAuthResponse = z.unknown();

/** POST /api/auth/sign-in/email: the session's user, or the code step when two-factor is on. */
export const signInResponse = z.union([
  twoFactorRedirectResponse,
  z.object({
    redirect: z.boolean(),
    url: z.string().optional(),
    user: z.record(z.string(), z.unknown()),
  }),
]);

/** Sign-in refused: the address is not verified yet, or the account is suspended. */
export const signInRefusedResponse = z.union([emailNotVerifiedResponse, accountSuspendedResponse]);

/** A better-auth call that takes no fields (revoke-other-sessions): `{}`. */
export const betterAuthEmptyBody = z.object({});

/** POST /api/auth/sign-in/oauth2 (better-auth): the provider and where to land afterwards. */
export const oauthSignInBody = z.object({
  providerId: z.string(),
  callbackURL: z.string(),
  errorCallbackURL: z.string(),
});
