import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verification } from '../../db/schema';

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
