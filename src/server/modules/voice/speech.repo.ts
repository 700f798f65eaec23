import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { character, conversation, message, messageSpeech } from '../../db/schema';
import { forgetPendingFiles, pendingFileAbandoned } from '../avatars';

export type SpeechRow = typeof messageSpeech.$inferSelect;

/**
 * A message of the user's own conversation, with what reading it aloud needs (its words, who
 * wrote it, whether moderation removed it, its character's voice); null when absent or not theirs.
 * In a group scene the voice is the speaker's (the message's `speakerId`), not the scene's first
 * character's; a speaker since deleted has none (the default voice).
 */
export async function findMessageToSpeak(db: Database, userId: string, messageId: number) {
  const [row] = await db
    .select({
      content: message.content,
      sender: message.sender,
      moderatedAt: message.moderatedAt,
      voice: character.voice,
    })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .leftJoin(
      character,
      and(
        eq(character.id, sql`coalesce(${message.speakerId}, ${conversation.characterId})`),
        eq(character.userId, userId),
      ),
    )
    .where(and(eq(message.id, messageId), eq(conversation.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findSpeech(db: Database, messageId: number, voice: string) {
  const [row] = await db
    .select()
    .from(messageSpeech)
    .where(and(eq(messageSpeech.messageId, messageId), eq(messageSpeech.voice, voice)))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps a message's new audio for its voice in place of the old one. Deleting the old row records
 * its file for removal (the table's trigger); answers the keys recorded, for the caller to remove
 * at once. Two listens made at once: the second finds the first's row and its own file is
 * recorded for removal instead. Throws when the message is gone meanwhile.
 */
export async function replaceSpeech(
  db: Database,
  row: Omit<SpeechRow, 'createdAt'>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const old = await tx
      .delete(messageSpeech)
      .where(and(eq(messageSpeech.messageId, row.messageId), eq(messageSpeech.voice, row.voice)))
      .returning({ key: messageSpeech.storageKey });
    const kept = await tx
      .insert(messageSpeech)
      .values(row)
      .onConflictDoNothing({ target: [messageSpeech.messageId, messageSpeech.voice] })
      .returning({ key: messageSpeech.storageKey });
    // Its file was stored first, recorded as pending (storeFileBeforeRow): it stays with its row,
    // or goes now when another listen's row was kept instead.
    if (kept.length === 0) await pendingFileAbandoned(tx, row.storageKey);
    else await forgetPendingFiles(tx, [row.storageKey]);
    return kept.length === 0 ? [...old.map((o) => o.key), row.storageKey] : old.map((o) => o.key);
  });
}
