import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '../../../shared/account/contract';
import {
  twoFactorRedirectResponse,
  type BackupCodeBody,
  type SignInInput,
  type SignUpInput,
  type TwoFactorCodeBody,
} from '../../../shared/auth/contract';
import * as auth from '../../../shared/auth/endpoints';
import { call } from '../../lib/api';

export const AUTH_CONFIG_KEY = [auth.authConfig.path] as const;

export const fetchAuthConfig = () => call(auth.authConfig);

/**
 * The password checked: 'signed-in', or 'code-needed' for an account with two-factor on (no
 * session yet; the code goes to verifySignInCode within ten minutes).
 */
export async function signInWithEmail(input: SignInInput): Promise<'signed-in' | 'code-needed'> {
  const answer = await call(auth.signInEmail, { body: input });
  return twoFactorRedirectResponse.safeParse(answer).success ? 'code-needed' : 'signed-in';
}

export const useSignIn = () => useMutation({ mutationFn: signInWithEmail });

/** The second step of a sign-in: a code from the authenticator app, or a backup code. */
export type SignInCode =
  ({ kind: 'totp' } & TwoFactorCodeBody) | ({ kind: 'backup' } & BackupCodeBody);

export const useVerifySignInCode = () =>
  useMutation({
    mutationFn: ({ kind, code }: SignInCode) =>
      kind === 'totp'
        ? call(auth.verifyTotp, { body: { code } })
        : call(auth.verifyBackupCode, { body: { code } }),
  });

export const signUpWithEmail = (input: SignUpInput) => call(auth.signUpEmail, { body: input });

export const resendVerification = (email: string) =>
  call(auth.sendVerificationEmail, { body: { email } });

/** Starts the OpenID Connect redirect; after Google the user lands on /chat. */
export async function startGoogleSignIn(providerId: string) {
  const { url } = await call(auth.signInOAuth, {
    body: { providerId, callbackURL: '/chat', errorCallbackURL: '/?authError=google' },
  });
  return url;
}

/** 'Forgot password?': the same answer whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequest) => call(auth.requestPasswordReset, { body }),
  });
