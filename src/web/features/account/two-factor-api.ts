import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as auth from '../../../shared/auth/endpoints';
import { call } from '../../lib/api';
import { refreshSession } from '../auth/session';
import { SESSIONS_KEY } from './account-api';

/** What confirms a change to two-factor: the password, or without one a current code. */
export type TwoFactorConfirmation = { password: string } | { code: string };

/** The QR code's modules, row by row: true is a dark square. */
export type QrMatrix = boolean[][];

/**
 * Starts enrolment: the authenticator URI and the backup codes, shown once. The QR library
 * (about 20 KB) loads here, when set-up starts, never with the page.
 */
export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: async (password: string | undefined) => {
      const [answer, { default: encodeQR }] = await Promise.all([
        call(auth.enableTwoFactor, { body: password === undefined ? {} : { password } }),
        import('qr'),
      ]);
      const qr: QrMatrix = encodeQR(answer.totpURI, 'raw', { ecc: 'medium', border: 4 });
      return { ...answer, qr };
    },
  });

/**
 * Ends enrolment with the first code: two-factor is on. The server replaces this session and
 * ends the account's others, so the session and the device list are read again.
 */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(auth.verifyTotp, { body: { code } }),
    onSuccess: async () => {
      await refreshSession();
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export const useDisableTwoFactor = () =>
  useMutation({
    mutationFn: (body: TwoFactorConfirmation) => call(auth.disableTwoFactor, { body }),
    onSuccess: refreshSession,
  });

/** New backup codes; the old ones stop working. */
export const useNewBackupCodes = () =>
  useMutation({
    mutationFn: (body: TwoFactorConfirmation) => call(auth.generateBackupCodes, { body }),
  });
