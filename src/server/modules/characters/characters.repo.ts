import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { character, conversation } from '../../db/schema';

export type CharacterRow = typeof character.$inferSelect;
export type NewCharacterRow = Omit<typeof character.$inferInsert, 'id' | 'userId'>;

/** The user's characters with how many conversations each has, most-chatted first. */
export async function listCharacters(db: Database, userId: string) {
  const conversationCount = count(conversation.id);
  return db
    .select({ ...getTableColumns(character), conversationCount })
    .from(character)
    .leftJoin(
      conversation,
      and(eq(conversation.characterId, character.id), eq(conversation.userId, userId)),
    )
    .where(eq(character.userId, userId))
    .groupBy(character.id)
    .orderBy(desc(conversationCount), desc(character.updatedAt), desc(character.id));
}

export async function findCharacter(db: Database, userId: string, id: number) {
  const rows = await db
    .select()
    .from(character)
    .where(and(eq(character.id, id), eq(character.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCharacter(db: Database, userId: string, value: NewCharacterRow) {
  const [row] = await db
    .insert(character)
    .values({ ...value, userId })
    .returning();
  return row!;
}

export async function updateCharacter(
  db: Database,
  userId: string,
  id: number,
  changes: Partial<NewCharacterRow>,
) {
  const [row] = await db
    .update(character)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(character.id, id), eq(character.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteCharacter(db: Database, userId: string, id: number) {
  const rows = await db
    .delete(character)
    .where(and(eq(character.id, id), eq(character.userId, userId)))
    .returning({ id: character.id });
  return rows.length > 0;
}

export async function deleteConversationsOf(db: Database, userId: string, characterId: number) {
  const rows = await db
    .delete(conversation)
    .where(and(eq(conversation.characterId, characterId), eq(conversation.userId, userId)))
    .returning({ id: conversation.id });
  return rows.length;
}
