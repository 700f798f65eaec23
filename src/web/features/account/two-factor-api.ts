import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as auth from '../../../shared/auth/endpoints';
import { call } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { readNewSession } from '../auth/read-new-session';
import { SESSIONS_KEY } from './account-api';

/** The account page again, signed in by the cookie the change set. */
const reloadPage = () => window.location.reload();

/** What confirms a change to two-factor: the password, or without one a current code. */
export type TwoFactorConfirmation = { password: string } | { code: string };

/** The QR code's modules, row by row: true is a dark square. */
export type QrMatrix = boolean[][];

/**
 * The authenticator URI named after the operator's brand: the server's TOTP plugin names the
 * product it started with, and the name is only the app's label (the secret and the codes are
 * the same), so the name the user sees in their app is the brand's.
 */
export function withIssuer(totpURI: string, issuer: string): string {
  const uri = new URL(totpURI);
  const account = decodeURIComponent(uri.pathname.replace(/^\/+/, '')).replace(/^[^:]*:/, '');
  uri.searchParams.set('issuer', issuer);
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${uri.searchParams}`;
}

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
      const totpURI = withIssuer(answer.totpURI, readBrand().name);
      const qr: QrMatrix = encodeQR(totpURI, 'raw', { ecc: 'medium', border: 4 });
      return { ...answer, totpURI, qr };
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
      await readNewSession(reloadPage, 'Turning two-factor on');
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export const useDisableTwoFactor = () =>
  useMutation({
    mutationFn: (body: TwoFactorConfirmation) => call(auth.disableTwoFactor, { body }),
    onSuccess: () => readNewSession(reloadPage, 'Turning two-factor off'),
  });

/** New backup codes; the old ones stop working. */
export const useNewBackupCodes = () =>
  useMutation({
    mutationFn: (body: TwoFactorConfirmation) => call(auth.generateBackupCodes, { body }),
  });
