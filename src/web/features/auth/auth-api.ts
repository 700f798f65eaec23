import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '../../../shared/account/contract';
import type { SignInInput, SignUpInput } from '../../../shared/auth/contract';
import * as auth from '../../../shared/auth/endpoints';
import { call } from '../../lib/api';

export const AUTH_CONFIG_KEY = [auth.authConfig.path] as const;

export const fetchAuthConfig = () => call(auth.authConfig);

export const signInWithEmail = (input: SignInInput) => call(auth.signInEmail, { body: input });

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
