import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH, passwordSchema } from '../auth/contract';
import { ACCOUNT_MESSAGES } from './rules';

/**
 * The account: password reset, password and e-mail changes, signed-in devices, the data export
 * and account deletion (issue 14, decision 0025). better-auth's own endpoints keep their names
 * under /api/auth; we check and shape what goes in and out.
 *
 *   POST /api/auth/request-password-reset  passwordResetRequest → passwordResetResponse, alike
 *                                          whether or not the address has an account
 *   GET  /api/auth/reset-password/{token}  the mailed link: to /reset-password?token=… (or
 *                                          ?error=INVALID_TOKEN when used or expired)
 *   POST /api/auth/reset-password          resetPasswordRequest → resetPasswordResponse (the
 *                                          account's address, for the sign-in form); every
 *                                          session of the account ends
 *   POST /api/auth/change-password         changePasswordRequest → better-auth's answer; other
 *                                          sessions end unless revokeOtherSessions is false
 *   POST /api/auth/change-email            changeEmailRequest → { status: true } (alike whether
 *                                          or not the address is taken); the new address is used
 *                                          once the link mailed to it is opened
 *   GET  /api/auth/list-sessions           → sessionListResponse (no tokens)
 *   POST /api/auth/revoke-session          revokeSessionRequest → better-auth's { status }
 *   POST /api/auth/revoke-other-sessions   → better-auth's { status }
 *   GET  /api/account                      → accountResponse
 *   GET  /api/account/export               → a download: a zip of the JSON, each conversation
 *                                          as Markdown and the avatars; the JSON alone for an
 *                                          account with no conversation and no avatar
 *   POST /api/account/delete               deleteAccountRequest → successResponse (signed out)
 */

export { ACCOUNT_MESSAGES, EMAIL_CHANGED_CALLBACK, RESET_PASSWORD_PAGE } from './rules';

/** POST /api/auth/request-password-reset */
export const passwordResetRequest = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
export const passwordResetResponse = z.object({ status: z.literal(true), message: z.string() });
export type PasswordResetResponse = z.infer<typeof passwordResetResponse>;

/** POST /api/auth/reset-password: the new password and the token from the mailed link. */
export const resetPasswordRequest = z.object({
  newPassword: passwordSchema,
  token: z.string().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
/**
 * The new password is set: the address of the link's account, which only the holder of a
 * working link learns, so that the sign-in form opens with it filled in.
 */
export const resetPasswordResponse = z.object({ status: z.literal(true), email: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/** POST /api/auth/change-password */
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
  /** Sign out every other device (the default). */
  revokeOtherSessions: z.boolean().default(true),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/**
 * POST /api/auth/change-email: with the current password when the account has one (a session
 * alone must not be enough to move the account elsewhere).
 */
export const changeEmailRequest = z.object({
  newEmail: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

/** GET /api/auth/list-sessions: the account's signed-in devices, newest use first. */
export const sessionSchema = z.object({
  /** What revoke-session takes (never the session token itself). */
  id: z.string(),
  /** The browser that signed in, as it named itself. */
  userAgent: z.string().nullable(),
  /** ISO 8601: signed in, last used (within a day), and when it ends unless used. */
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export const sessionListResponse = z.array(sessionSchema);
export type AccountSession = z.infer<typeof sessionSchema>;

/** POST /api/auth/revoke-session: sign one device out. */
export const revokeSessionRequest = z.object({ id: z.string().min(1).max(200) });
export type RevokeSessionRequest = z.input<typeof revokeSessionRequest>;

/** GET /api/account */
export const accountResponse = z.object({
  email: z.string(),
  name: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** Signs in with a password (else only with Google: deletion is confirmed by the e-mail). */
  hasPassword: z.boolean(),
  /** A Google account is linked. */
  google: z.boolean(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

/**
 * POST /api/account/delete: the password, or for an account without one (Google only) its
 * e-mail address typed again.
 */
export const deleteAccountRequest = z
  .object({
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    email: z.string().trim().max(254).optional(),
  })
  .refine((body) => Boolean(body.password || body.email), {
    message: ACCOUNT_MESSAGES.confirmWithPassword,
    path: ['password'],
  });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** The web forms that choose a new password: typed twice. */
export const newPasswordForm = z
  .object({ newPassword: passwordSchema, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    message: 'The two passwords do not match.',
    path: ['confirm'],
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;
