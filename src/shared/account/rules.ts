/** The account's paths and copy, free of zod so any page (the app shell too) can use them. */

/** Where the mailed reset link lands, and where a changed address is confirmed. */
export const RESET_PASSWORD_PAGE = '/reset-password';
export const EMAIL_CHANGED_CALLBACK = '/account?emailChanged=1';

export const ACCOUNT_MESSAGES = {
  resetRequested:
    'If an account exists for that address, we have sent it a link to choose a new password. The link works once, within an hour.',
  resetLinkInvalid:
    'This link has expired or has already been used. Ask for a new one from the sign-in window.',
  emailChangeSent:
    'We have sent a confirmation link to the new address. Your account keeps its current address until you open it.',
  sameEmail: 'That is already your email address.',
  sessionNotFound: 'That device is no longer signed in.',
  wrongPassword: 'That password is not correct.',
  passwordForEmailChange: 'Enter your current password to change your email address.',
  wrongEmail: 'Type this account’s email address exactly to confirm.',
  confirmWithPassword: 'Enter your password to confirm.',
  billingNotConfigured:
    'Your subscription cannot be cancelled from this server right now, so nothing was deleted. Please contact us.',
  subscriptionNotCancelled:
    'We could not cancel your subscription just now, so nothing was deleted. Please try again in a few minutes.',
} as const;
