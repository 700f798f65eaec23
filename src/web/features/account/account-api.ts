import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  ResetPasswordRequest,
  RevokeSessionRequest,
} from '../../../shared/account/contract';
import * as account from '../../../shared/account/endpoints';
import * as auth from '../../../shared/auth/endpoints';
import { call, urlOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { queryClient } from '../../lib/query-client';
import { SESSION_KEY } from '../auth/session';

export const ACCOUNT_KEY = [account.getAccount.path] as const;
export const SESSIONS_KEY = [auth.listSessions.path] as const;

/** The account: address, how it signs in, linked Google. */
export const useAccount = () =>
  useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => call(account.getAccount) });

/** The devices signed in to the account, most recently used first. */
export const useSessions = () =>
  useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => call(auth.listSessions),
  });

/** A new password from the mailed link; every session of the account ends. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) => call(auth.resetPassword, { body }),
  });

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(auth.changePassword, { body }),
    // Other devices may have been signed out.
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (body: ChangeEmailRequest) => call(auth.changeEmail, { body }),
  });

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeSessionRequest) => call(auth.revokeSession, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(auth.revokeOtherSessions, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** 'Delete my account': on success nothing of the user is left, here or in the cache. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountRequest) => call(account.deleteAccount, { body }),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });

/** The export being made: one at a time, even across a visit elsewhere and back. */
export const EXPORT_KEY = [account.exportAccount.path] as const;

/**
 * 'Download my data': the file made and saved, or an ApiError with the server's words (ten an
 * hour, say) that a plain link would have turned into the browser's "download failed".
 */
export const useExportData = () =>
  useMutation({
    mutationKey: EXPORT_KEY,
    mutationFn: () =>
      downloadFile(urlOf(account.exportAccount), (type) =>
        type.includes('json') ? 'reverie-export.json' : 'reverie-export.zip',
      ),
  });

/** Whether an export is being made now, by this page or one left meanwhile. */
export const useExporting = () => useIsMutating({ mutationKey: EXPORT_KEY }) > 0;
