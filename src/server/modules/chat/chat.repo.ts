import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  conversation,
  conversationMember,
  conversationSummary,
  message,
  type StoredAttachment,
} from '../../db/schema';
import type { ExportParts } from '../../db/user-data';
import { shownAttachments, shownContent } from './thread-read.repo';

/**
 * The chat module's data as the account sees it (decision 0025): the export and the deletion of
 * everything the user wrote and was answered. The module's SQL is in files by subject:
 * conversations.repo.ts (a conversation's row), thread-read.repo.ts (the thread's path, read),
 * message-store.repo.ts (a message stored with its conversation kept current), messages.repo.ts
 * (one message by id), tree.repo.ts (branches and deletions), story.repo.ts (a story's options);
 * prompt-context.repo.ts and reply.repo.ts hold a reply's two statements.
 */

const EXPORT_PAGE = 1000;

/** In the export, a message's pictures name their file in the zip (`pictures/<name>`). */
const exportedAttachments = (stored: StoredAttachment[] | null) =>
  stored?.map(({ key, ...rest }) => ({ ...rest, file: `${PICTURES_FOLDER}/${key}` })) ?? null;

/** Where the export's zip keeps the pictures sent in chats. */
export const PICTURES_FOLDER = 'pictures';

/**
 * The stored names of the pictures in the user's messages (issue 50): the export zips them under
 * PICTURES_FOLDER. Read by a small index of just the messages that carry files.
 */
export async function pictureFilesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ attachments: shownAttachments })
    .from(message)
    .where(and(eq(message.userId, userId), sql`${message.attachments} is not null`))
    .orderBy(asc(message.id));
  return rows.flatMap((row) => row.attachments?.map((a) => a.key) ?? []);
}

/**
 * The account export's conversations and every message of each (issue 14), messages a page at a
 * time along the (conversation_id, id) index, so 100,000 of them never sit in memory at once.
 * Messages carry their parent: every branch is in the export, not only the one being read.
 */
export function exportForUser(db: Database, userId: string): ExportParts {
  const { userId: _owner, ...columns } = getTableColumns(conversation);
  const conversationsOf = () =>
    db
      .select({ id: conversation.id })
      .from(conversation)
      .where(eq(conversation.userId, userId))
      .orderBy(asc(conversation.id));
  return {
    conversations: () =>
      db
        .select(columns)
        .from(conversation)
        .where(eq(conversation.userId, userId))
        .orderBy(asc(conversation.id)),
    messages: (async function* () {
      for (const { id } of await conversationsOf()) {
        let after = 0;
        for (;;) {
          const rows = await db
            .select({
              id: message.id,
              conversationId: message.conversationId,
              parentId: message.parentId,
              sender: message.sender,
              content: shownContent(sql`${message}`),
              attachments: shownAttachments,
              speakerId: message.speakerId,
              present: message.present,
              options: message.options,
              scenario: message.scenario,
              lore: message.lore,
              createdAt: message.createdAt,
              updatedAt: message.updatedAt,
              editedAt: message.editedAt,
              moderatedAt: message.moderatedAt,
            })
            .from(message)
            .where(
              and(
                eq(message.conversationId, id),
                eq(message.userId, userId),
                gt(message.id, after),
              ),
            )
            .orderBy(asc(message.conversationId), asc(message.id))
            .limit(EXPORT_PAGE);
          yield* rows.map((row) => ({ ...row, attachments: exportedAttachments(row.attachments) }));
          if (rows.length < EXPORT_PAGE) break;
          after = rows.at(-1)!.id;
        }
      }
    })(),
    // The characters of the user's group scenes (issue 51), and who is here now.
    sceneMembers: () =>
      db
        .select({
          conversationId: conversationMember.conversationId,
          characterId: conversationMember.characterId,
          position: conversationMember.position,
          present: conversationMember.present,
        })
        .from(conversationMember)
        .where(eq(conversationMember.userId, userId))
        .orderBy(asc(conversationMember.conversationId), asc(conversationMember.position)),
    // What the conversations' rolling summaries say (issue 46): written from the user's messages.
    conversationSummaries: () =>
      db
        .select({
          conversationId: conversationSummary.conversationId,
          // A group scene's summaries are each one character's (0: the whole conversation's).
          characterId: conversationSummary.characterId,
          throughMessageId: conversationSummary.throughMessageId,
          content: conversationSummary.content,
          createdAt: conversationSummary.createdAt,
        })
        .from(conversationSummary)
        .where(eq(conversationSummary.userId, userId))
        .orderBy(
          asc(conversationSummary.conversationId),
          asc(conversationSummary.throughMessageId),
        ),
  };
}

/** The user's conversations and, with them, their messages. */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(conversation).where(eq(conversation.userId, userId));
}
