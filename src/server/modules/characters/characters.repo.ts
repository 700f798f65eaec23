import { and, count, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { character, conversation, conversationSummary, memory } from '../../db/schema';
import { lockUserAvatars, ownsAvatar, releaseUnusedAvatar } from '../avatars';
import type { ExportParts } from '../../db/user-data';

export type CharacterRow = typeof character.$inferSelect;
export type NewCharacterRow = Omit<typeof character.$inferInsert, 'id' | 'userId'>;
/** A character as the list reads it: without what only one character's page needs. */
export type ListedCharacterRow = Omit<CharacterRow, 'greetings' | 'cardExtras' | 'lorebook'>;

const listCharactersQuery = preparedOnce((db) => {
  const conversationCount = count(conversation.id);
  const userId = sql.placeholder('userId');
  // Everything but the greetings and the card's fields: the list stays light (one character's
  // chat and page read them; a lorebook can be megabytes).
  const {
    greetings: _greetings,
    cardExtras: _cardExtras,
    lorebook: _lorebook,
    ...listed
  } = getTableColumns(character);
  return db
    .select({ ...listed, conversationCount })
    .from(character)
    .leftJoin(
      conversation,
      and(eq(conversation.characterId, character.id), eq(conversation.userId, userId)),
    )
    .where(eq(character.userId, userId))
    .groupBy(character.id)
    .orderBy(desc(conversationCount), desc(character.updatedAt), desc(character.id))
    .prepare('list_characters');
});

/** The user's characters with how many conversations each has, most-chatted first. */
export async function listCharacters(db: Database, userId: string) {
  return listCharactersQuery(db).execute({ userId });
}

export async function findCharacter(db: Database, userId: string, id: number) {
  const rows = await db
    .select()
    .from(character)
    .where(and(eq(character.id, id), eq(character.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user's characters among `ids` (a group scene's, issue 51), in no particular order. */
export async function findCharacters(db: Database, userId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(character)
    .where(and(inArray(character.id, ids), eq(character.userId, userId)));
}

/**
 * Stores a new character. Its avatar must still exist inside the transaction: the user's avatar
 * lock serialises this with releases and the avatar sweep, so a file is never deleted while a
 * character starts showing it. Returns 'unknown-avatar' (nothing stored) when it is not one of
 * the user's images.
 */
export async function insertCharacter(db: Database, userId: string, value: NewCharacterRow) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    if (value.avatarImage && !(await ownsAvatar(tx, userId, value.avatarImage))) {
      return 'unknown-avatar' as const;
    }
    const [row] = await tx
      .insert(character)
      .values({ ...value, userId })
      .returning();
    return row!;
  });
}

/**
 * Updates a character inside a transaction that locks its row first, so `decide` sees the
 * current values and two concurrent edits cannot both act on the same old avatar.
 * Returns the row before and after, null when the character is not the user's, or
 * 'unknown-avatar' (nothing changed) when the new avatar is not one of the user's images.
 */
export async function updateCharacterLocked(
  db: Database,
  userId: string,
  id: number,
  /** Pure: must not query the database (on PGlite the transaction holds the only connection). */
  decide: (current: CharacterRow) => Promise<Partial<NewCharacterRow>>,
) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const [current] = await tx
      .select()
      .from(character)
      .where(and(eq(character.id, id), eq(character.userId, userId)))
      .for('update');
    if (!current) return null;
    const changes = await decide(current);
    // The new avatar must still exist inside this transaction: a concurrent release is serialised
    // by the lock above, so a file can never be deleted while a character starts showing it.
    if (changes.avatarImage && !(await ownsAvatar(tx, userId, changes.avatarImage))) {
      return 'unknown-avatar' as const;
    }
    const [updated] = await tx
      .update(character)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(character.id, id), eq(character.userId, userId)))
      .returning();
    // The replaced avatar goes with this change, its file recorded for removal (decision 0043).
    const old = current.avatarImage;
    if (old && old !== updated!.avatarImage) await releaseUnusedAvatar(tx, userId, old);
    return { before: current, after: updated! };
  });
}

/** Deletes a character; its avatar goes with it, its file recorded for removal (decision 0043). */
export async function deleteCharacterReturning(db: Database, userId: string, id: number) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const [row] = await tx
      .delete(character)
      .where(and(eq(character.id, id), eq(character.userId, userId)))
      .returning();
    if (row?.avatarImage) await releaseUnusedAvatar(tx, userId, row.avatarImage);
    // Its rolling summaries of group scenes it was in (no foreign key: issue 51) go with it.
    if (row) {
      await tx
        .delete(conversationSummary)
        .where(
          and(eq(conversationSummary.userId, userId), eq(conversationSummary.characterId, id)),
        );
    }
    return row ?? null;
  });
}

/**
 * Deletes all of a character's conversations and, with them, everything it learned in them (what
 * the user typed into its memory by hand stays).
 */
export async function deleteConversationsOf(db: Database, userId: string, characterId: number) {
  return db.transaction(async (tx) => {
    // What it learned in conversations (memories with a conversation id; memories.repo's rows).
    await tx
      .delete(memory)
      .where(
        and(
          eq(memory.userId, userId),
          eq(memory.characterId, characterId),
          isNotNull(memory.conversationId),
        ),
      );
    const rows = await tx
      .delete(conversation)
      .where(and(eq(conversation.characterId, characterId), eq(conversation.userId, userId)))
      .returning({ id: conversation.id });
    return rows.length;
  });
}

/** The account export's characters (issue 14), oldest first, every field but the owner. */
export function exportForUser(db: Database, userId: string): ExportParts {
  const { userId: _owner, ...columns } = getTableColumns(character);
  return {
    characters: () =>
      db.select(columns).from(character).where(eq(character.userId, userId)).orderBy(character.id),
  };
}

/** The user's characters (their memories go with them). */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(character).where(eq(character.userId, userId));
}
