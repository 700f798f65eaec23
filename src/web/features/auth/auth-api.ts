import type { AuthConfigResponse, SignInInput, SignUpInput } from '../../../shared/auth/contract';
import { api } from '../../lib/api';

export const AUTH_CONFIG_KEY = ['/api/auth-config'] as const;

export const fetchAuthConfig = () => api<AuthConfigResponse>('/api/auth-config');

export const signInWithEmail = (input: SignInInput) =>
  api('/api/auth/sign-in/email', 'POST', input);

export const signUpWithEmail = (input: SignUpInput) =>
  api('/api/auth/sign-up/email', 'POST', input);

export const resendVerification = (email: string) =>
  api('/api/auth/send-verification-email', 'POST', { email });

/** Starts the OpenID Connect redirect; after Google the user lands on /chat. */
export async function startGoogleSignIn(providerId: string) {
  const { url } = await api<{ url: string }>('/api/auth/sign-in/oauth2', 'POST', {
    providerId,
    callbackURL: '/chat',
    errorCallbackURL: '/?authError=google',
  });
  return url;
}
