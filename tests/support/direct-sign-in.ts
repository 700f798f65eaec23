/**
 * Signs a test user in without the HTTP round trips of sign-up, the verification mail and
 * sign-in: better-auth's own internal adapter creates the user (its database hooks run, so the
 * terms and age attestation are recorded as on sign-up), links the credential account with the
 * password hashed by better-auth, marks the address verified as the mailed link does, and opens
 * a session, whose cookie is signed as better-auth signs it. Everything else a user has (credit
 * account, profile, themes) is made on first use, as after a real sign-up.
 *
 * tests/server/direct-sign-in.test.ts compares such a user with one really signed up. Files that
 * test sign-up, verification, sign-in or passwords use the real path.
 */
import { makeSignature } from 'better-auth/crypto';
import type { Database } from '../../src/server/db/client';
import type { Auth } from '../../src/server/modules/auth/auth';

/** The password test users get unless given one. */
export const DIRECT_SIGN_IN_PASSWORD = 'velvet harbour lantern';

/**
 * Each password hashed once per process (with better-auth's own hasher, so the password signs in
 * as after a real sign-up). Its scrypt (Node's, off the event loop) costs about 95 ms of CPU a
 * hash on this machine, and the suites sign in hundreds of users, nearly all with the same
 * password; that two test users share a salt matters to nothing a test checks.
 */
const hashes = new Map<string, Promise<string>>();

function hashOnce(hash: (password: string) => Promise<string>, password: string) {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hash(password);
    // A failed hash is not kept: the next sign-in tries again.
    hashed.catch(() => hashes.delete(password));
    hashes.set(password, hashed);
  }
  return hashed;
}

export async function signInDirectly(
  ctx: { auth: Auth; db: Database },
  input: { email: string; name?: string; password?: string },
): Promise<{ userId: string; cookie: string }> {
  const context = await ctx.auth.$context;
  const email = input.email.toLowerCase();
  // Hashed first, as sign-up does (once per password: see hashOnce).
  const hash = await hashOnce(context.password.hash, input.password ?? DIRECT_SIGN_IN_PASSWORD);
  const user = await context.internalAdapter.createUser({
    email,
    name: input.name ?? '',
    emailVerified: false,
  });
  if (!user) throw new Error(`could not create ${email}`);
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  // What opening the verification link does.
  await context.internalAdapter.updateUserByEmail(email, { emailVerified: true });
  // What signing in does; the address is the one the app hands better-auth for a local client.
  const session = await context.internalAdapter.createSession(user.id, false, {
    ipAddress: '127.0.0.1',
  });
  if (!session) throw new Error(`could not open a session for ${email}`);
  const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
  return {
    userId: user.id,
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`,
  };
}
