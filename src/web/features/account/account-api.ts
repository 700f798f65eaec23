import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountResponse,
  AccountSession,
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  PasswordResetRequest,
  PasswordResetResponse,
  ResetPasswordRequest,
  RevokeSessionRequest,
} from '../../../shared/account/contract';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { SESSION_KEY } from '../auth/session';

export const ACCOUNT_KEY = ['/api/account'] as const;
export const SESSIONS_KEY = ['/api/auth/list-sessions'] as const;

/** The account: address, how it signs in, linked Google. */
export const useAccount = () =>
  useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => api<AccountResponse>('/api/account') });

/** The devices signed in to the account, most recently used first. */
export const useSessions = () =>
  useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api<AccountSession[]>('/api/auth/list-sessions'),
  });

/** 'Forgot password?': the same answer whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      api<PasswordResetResponse>('/api/auth/request-password-reset', 'POST', body),
  });

/** A new password from the mailed link; every session of the account ends. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) => api('/api/auth/reset-password', 'POST', body),
  });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api('/api/auth/change-password', 'POST', body),
    // Other devices may have been signed out.
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (body: ChangeEmailRequest) => api('/api/auth/change-email', 'POST', body),
  });

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeSessionRequest) => api('/api/auth/revoke-session', 'POST', body),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/revoke-other-sessions', 'POST', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** 'Delete my account': on success nothing of the user is left, here or in the cache. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountRequest) => api('/api/account/delete', 'POST', body),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });

/** Where 'Download my data' points: the browser downloads it with the session cookie. */
export const EXPORT_URL = '/api/account/export';
