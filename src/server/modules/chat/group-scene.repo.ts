import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SceneMember } from '../../../shared/chat/contract';
import type { Database } from '../../db/client';
import { conversationMember, message } from '../../db/schema';

/**
 * A group scene's characters (issue 51), in the scene's order, with who is here now. Every query
 * is scoped to the user: another user's scene has no members here.
 */
export async function sceneMembers(
  db: Database,
  userId: string,
  conversationId: number,
): Promise<SceneMember[]> {
  return db
    .select({ characterId: conversationMember.characterId, present: conversationMember.present })
    .from(conversationMember)
    .where(
      and(
        eq(conversationMember.conversationId, conversationId),
        eq(conversationMember.userId, userId),
      ),
    )
    .orderBy(asc(conversationMember.position));
}

/** The characters of each of these group scenes, in order (for the list's avatars). */
export async function sceneCharacterIdsOf(
  db: Database,
  userId: string,
  conversationIds: number[],
): Promise<Map<number, number[]>> {
  const scenes = new Map<number, number[]>();
  if (conversationIds.length === 0) return scenes;
  const rows = await db
    .select({
      conversationId: conversationMember.conversationId,
      characterId: conversationMember.characterId,
    })
    .from(conversationMember)
    .where(
      and(
        eq(conversationMember.userId, userId),
        inArray(conversationMember.conversationId, conversationIds),
      ),
    )
    .orderBy(asc(conversationMember.conversationId), asc(conversationMember.position));
  for (const row of rows) {
    scenes.set(row.conversationId, [...(scenes.get(row.conversationId) ?? []), row.characterId]);
  }
  return scenes;
}

/** 'Here now': exactly these characters of the scene are present, the others stepped out. */
export async function setPresent(
  db: Database,
  userId: string,
  conversationId: number,
  characterIds: number[],
) {
  await db
    .update(conversationMember)
    .set({
      present: sql`${conversationMember.characterId} = any(${`{${characterIds.join(',')}}`}::int[])`,
    })
    .where(
      and(
        eq(conversationMember.conversationId, conversationId),
        eq(conversationMember.userId, userId),
      ),
    );
}

/** Who said a scene's message, and who was here when it was written. */
export interface SceneLine {
  speakerId: number | null;
  present: number[] | null;
}

/**
 * Who said each of these messages and who was present (issue 51): a character's prompt keeps only
 * the lines it witnessed. Read beside the prompt's own statement, for group scenes only.
 */
export async function sceneLinesOf(
  db: Database,
  userId: string,
  conversationId: number,
  ids: number[],
): Promise<Map<number, SceneLine>> {
  const lines = new Map<number, SceneLine>();
  if (ids.length === 0) return lines;
  const rows = await db
    .select({ id: message.id, speakerId: message.speakerId, present: message.present })
    .from(message)
    .where(
      and(
        eq(message.userId, userId),
        eq(message.conversationId, conversationId),
        inArray(message.id, ids),
      ),
    );
  for (const row of rows) {
    lines.set(Number(row.id), { speakerId: row.speakerId, present: row.present });
  }
  return lines;
}
