import { and, eq } from 'drizzle-orm';
import type { Lorebook } from '../../../shared/lorebooks/contract';
import type { Database } from '../../db/client';
import { character } from '../../db/schema';

/**
 * A character's lorebook column (issue 47 part 3), read and written apart from the rest of the
 * character's row. Null when the character is not the user's.
 */

const owned = (userId: string, id: number) =>
  and(eq(character.id, id), eq(character.userId, userId));

export async function findLorebook(db: Database, userId: string, id: number) {
  const rows = await db
    .select({ lorebook: character.lorebook })
    .from(character)
    .where(owned(userId, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function storeLorebook(
  db: Database,
  userId: string,
  id: number,
  lorebook: Lorebook | null,
) {
  const rows = await db
    .update(character)
    .set({ lorebook, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning({ lorebook: character.lorebook });
  return rows[0] ?? null;
}

/**
 * The book changed by `change` from the one stored, its row locked meanwhile, so two imports at
 * once both land. `change` is pure (on PGlite the transaction holds the only connection); what
 * it throws rolls the transaction back.
 */
export async function changeLorebook(
  db: Database,
  userId: string,
  id: number,
  change: (current: Lorebook | null) => Lorebook,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ lorebook: character.lorebook })
      .from(character)
      .where(owned(userId, id))
      .for('update');
    if (!current) return null;
    const [stored] = await tx
      .update(character)
      .set({ lorebook: change(current.lorebook), updatedAt: new Date() })
      .where(owned(userId, id))
      .returning({ lorebook: character.lorebook });
    return stored!;
  });
}
