import { endpointsOf } from '../http/endpoint';
import { getSession, logout } from './session-endpoints';

export { getSession, logout };

/**
 * Sign-in, sign-up and the session: our own routes (logout, the sign-in methods), and the
 * better-auth endpoints the web app calls, which the server mounts as one catch-all under
 * /api/auth after its own checks (auth.routes.ts). Their bodies are our schemas where we check
 * them; their answers are better-auth's, described here as far as the web app reads them.
 */
const endpoint = /* @__PURE__ */ endpointsOf('Auth', async () => {
  const [contract, account, responses] = await Promise.all([
    import('./contract'),
    import('../account/contract'),
    import('../responses'),
  ]);
  return { ...contract, ...account, ...responses };
});

export const authConfig = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/auth-config',
  needs: { auth: 'public' },
  summary: 'The sign-in methods this server offers',
  schemas: (c) => ({ response: { 200: c.authConfigResponse } }),
});

// ——— better-auth's, behind our checks ———

export const signInEmail = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/sign-in/email',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary:
    'Signs in with e-mail and password (200 { twoFactorRedirect: true } when a code is due; 403 EMAIL_NOT_VERIFIED before verification, ACCOUNT_SUSPENDED)',
  schemas: (c) => ({
    body: c.signInSchema,
    response: {
      200: c.signInResponse,
      403: c.signInRefusedResponse,
    },
  }),
});

export const signUpEmail = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/sign-up/email',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'Creates an account and mails its verification link',
  schemas: (c) => ({ body: c.signUpSchema, response: { 200: c.successResponse } }),
});

export const sendVerificationEmail = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/send-verification-email',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'Mails the verification link again',
  schemas: (c) => ({ body: c.authEmailBody, response: { 200: c.betterAuthResponse } }),
});

export const signInOAuth = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/sign-in/oauth2',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'Starts signing in with Google (OpenID Connect): where to send the browser',
  schemas: (c) => ({ body: c.oauthSignInBody, response: { 200: c.oauthRedirectResponse } }),
});

export const listSessions = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/auth/list-sessions',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'The devices signed in to the account',
  schemas: (c) => ({ response: { 200: c.sessionListResponse } }),
});

export const requestPasswordReset = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: '‘Forgot password?’: the same answer whether or not the address has an account',
  schemas: (c) => ({ body: c.passwordResetRequest, response: { 200: c.passwordResetResponse } }),
});

export const resetPassword = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'A new password from the mailed link; every session ends; answers the address',
  schemas: (c) => ({ body: c.resetPasswordRequest, response: { 200: c.resetPasswordResponse } }),
});

export const changePassword = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Changes the password (the current one confirms)',
  schemas: (c) => ({ body: c.changePasswordRequest, response: { 200: c.betterAuthResponse } }),
});

export const changeEmail = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/change-email',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Starts a change of address (confirmed by a mailed link)',
  schemas: (c) => ({ body: c.changeEmailRequest, response: { 200: c.betterAuthResponse } }),
});

export const revokeSession = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/revoke-session',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Signs one device out',
  schemas: (c) => ({ body: c.revokeSessionRequest, response: { 200: c.betterAuthResponse } }),
});

export const revokeOtherSessions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/revoke-other-sessions',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Signs every other device out',
  schemas: (c) => ({ body: c.betterAuthEmptyBody, response: { 200: c.betterAuthResponse } }),
});

// ——— two-factor authentication (better-auth's TOTP plugin, decision 0055) ———

export const enableTwoFactor = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/enable',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Starts enrolment: the authenticator URI and backup codes (409 when already on)',
  schemas: (c) => ({
    body: c.enableTwoFactorBody,
    response: { 200: c.enableTwoFactorResponse },
  }),
});

export const verifyTotp = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/verify-totp',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: "Signs in with the authenticator's code, or ends enrolment (other sessions end)",
  schemas: (c) => ({ body: c.twoFactorCodeBody, response: { 200: c.betterAuthResponse } }),
});

export const verifyBackupCode = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/verify-backup-code',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'Signs in with a backup code (each works once)',
  schemas: (c) => ({ body: c.backupCodeBody, response: { 200: c.betterAuthResponse } }),
});

export const disableTwoFactor = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/disable',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'Turns two-factor off (the password, or a current code without one)',
  schemas: (c) => ({ body: c.twoFactorConfirmBody, response: { 200: c.betterAuthResponse } }),
});

export const generateBackupCodes = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/generate-backup-codes',
  needs: { auth: 'user' },
  servedBy: 'better-auth',
  summary: 'New backup codes (the password, or a current code without one)',
  schemas: (c) => ({ body: c.twoFactorConfirmBody, response: { 200: c.backupCodesResponse } }),
});

/** Every better-auth endpoint the web app calls (listed in the OpenAPI document's catch-all). */
export const betterAuthEndpoints = [
  getSession,
  signInEmail,
  signUpEmail,
  sendVerificationEmail,
  signInOAuth,
  listSessions,
  requestPasswordReset,
  resetPassword,
  changePassword,
  changeEmail,
  revokeSession,
  revokeOtherSessions,
  enableTwoFactor,
  verifyTotp,
  verifyBackupCode,
  disableTwoFactor,
  generateBackupCodes,
];
