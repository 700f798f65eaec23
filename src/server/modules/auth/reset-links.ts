import { and, eq, gt, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user, verification } from '../../db/schema';

/**
 * How better-auth keeps a 'Forgot password?' link: a `verification` row whose identifier is
 * `reset-password:<token>` and whose value is the account's user id (request-password-reset in
 * better-auth's api/routes/password; identifiers are stored as they are, no `storeIdentifier`).
 */
const RESET_IDENTIFIER = 'reset-password:';

/**
 * Voids every reset link of an account that is still outstanding. better-auth deletes only the
 * link that was used; an older link (or one asked for before a change of password or address)
 * would otherwise still set a new password within its hour.
 */
export async function voidResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(eq(verification.value, userId), like(verification.identifier, `${RESET_IDENTIFIER}%`)),
    );
}

/**
 * The address of the account a reset link is for, while the link works; read before better-auth
 * uses the link up, so that a successful reset can answer it (the reset page fills the sign-in
 * form with it). Only the holder of a working link learns it.
 */
export async function resetLinkAddress(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(
        eq(verification.identifier, `${RESET_IDENTIFIER}${token}`),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}
