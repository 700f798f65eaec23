/**
 * Two-factor authentication in tests: codes computed as an authenticator app would (better-auth's
 * own TOTP helper, the one its plugin checks with), and an account enrolled through the real
 * endpoints.
 */
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { user } from '../../src/server/db/schema';
import type { TestClient } from '../server/support/http-client';
import { DIRECT_SIGN_IN_PASSWORD } from './direct-sign-in';

/** The raw secret of an `otpauth://` URI, as an authenticator app reads it from the QR code. */
export function secretOf(totpURI: string): string {
  const encoded = new URL(totpURI).searchParams.get('secret');
  if (!encoded) throw new Error(`no secret in ${totpURI}`);
  return new TextDecoder().decode(base32.decode(encoded));
}

/** The code the app shows now: 6 digits, 30 seconds. */
export const totpCode = (secret: string): Promise<string> => createOTP(secret).totp();

/** A code that is not the current one, nor one the check accepts around it (±1 step, and the next). */
export async function wrongCode(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const otp = createOTP(secret);
  const right = new Set(await Promise.all([-1, 0, 1, 2].map((k) => otp.hotp(step + k))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

/**
 * Turns two-factor on for the client's account as the Account page does: the password, then the
 * first code. The client's session is replaced (it keeps the new cookie).
 */
export async function enrolTwoFactor(
  client: TestClient,
  password: string | null = DIRECT_SIGN_IN_PASSWORD,
): Promise<{ secret: string; backupCodes: string[] }> {
  const enabled = await client.post('/api/auth/two-factor/enable', password ? { password } : {});
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.text}`);
  const secret = secretOf(enabled.json.totpURI);
  const verified = await client.post('/api/auth/two-factor/verify-totp', {
    code: await totpCode(secret),
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
  return { secret, backupCodes: enabled.json.backupCodes };
}

/** Gives an account a role, as `npm run staff -- add` does. */
export async function makeStaff(db: Database, userId: string, role: 'admin' | 'moderator') {
  await db.update(user).set({ role }).where(eq(user.id, userId));
}

/** The signed-in user's id, as the session says. */
export const idOf = async (client: TestClient): Promise<string> =>
  (await client.get('/api/auth/get-session')).json.user.id as string;

/**
 * A new signed-in staff member of `role` (`app`: a test app's signedInUser and database), with
 * two-factor turned on as the console requires unless `twoFactor` is false.
 */
export async function signedInStaff(
  app: { signedInUser(): Promise<TestClient>; database: { db: Database } },
  role: 'admin' | 'moderator',
  { twoFactor = true } = {},
): Promise<{ c: TestClient; id: string }> {
  const c = await app.signedInUser();
  const id = await idOf(c);
  await makeStaff(app.database.db, id, role);
  if (twoFactor) await enrolTwoFactor(c);
  return { c, id };
}
