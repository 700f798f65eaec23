import { sql } from 'drizzle-orm';
import {
  boolean,
  type AnyPgColumn,
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { character } from './characters';
import { persona } from './personas';

/**
 * A conversation with one character. Created here so characters can count and delete theirs;
 * messages and the chat itself arrive with the chat feature.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null once the character is deleted and its conversations were kept (read-only then). */
    characterId: integer('character_id').references(() => character.id, { onDelete: 'set null' }),
    /** Who the user is in it (issue 47 part 5); null: their profile, also once it is deleted. */
    personaId: integer('persona_id').references(() => persona.id, { onDelete: 'set null' }),
    /**
     * A group scene (issue 51): 2 to 5 of the user's characters (conversation_member), of which
     * `character_id` is the first (its greeting opens the scene). False for a conversation with
     * one character, which has no members.
     */
    groupScene: boolean('group_scene').notNull().default(false),
    /** Read each new reply aloud when it is done (issue 50). */
    autoPlayReplies: boolean('auto_play_replies').notNull().default(false),
    title: text('title').notNull().default('New conversation'),
    /**
     * When the user named the conversation (PUT /api/conversations/{id}): from then on the title
     * is theirs and no longer follows the branch being read. Null while it does.
     */
    titleRenamedAt: timestamp('title_renamed_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    messageCount: integer('message_count').notNull().default(0),
    model: text('model'),
    chatMode: text('chat_mode').notNull().default('assistant'),
    scenario: text('scenario'),
    /**
     * The newest message of the branch being read: the visible history is the path from the
     * first message to this one (decision 0022). Null while the conversation has no message.
     */
    activeLeafId: bigint('active_leaf_id', { mode: 'number' }),
    /**
     * The newest message the user has seen (issue 52 part 4): the conversation is unread while its
     * active leaf is past it. Marked by the app (POST /api/conversations/{id}/read).
     */
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
    /**
     * When the conversation was summarised into its character's memory: once is enough, and a
     * summary the user deleted is not made again.
     */
    summarizedAt: timestamp('summarized_at', { withTimezone: true }),
    /**
     * How many messages the conversation had when that summary was last written: it is written
     * again every CHAT_LIMITS.resummarizeEvery messages while it is kept (issue 46 part 3).
     */
    summarizedMessageCount: integer('summarized_message_count').notNull().default(0),
    currentOptions: jsonb('current_options')
      .$type<{ number: number; option: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order, newest first with ties by id (decision 0016): a page is read straight
    // from the index, with no sort, however many conversations share one time. NULLS FIRST is
    // what `order by … desc` means; an index saying NULLS LAST would not serve it, although
    // neither column is ever null.
    index('conversation_user_recent_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversation_character_idx').on(t.characterId),
    // A persona's deletion sets its conversations' persona to null: found by this, not a scan.
    index('conversation_persona_idx')
      .on(t.personaId)
      .where(sql`${t.personaId} is not null`),
  ],
);

/** A file a message carries, as stored (the API shows its address instead of its key). */
export interface StoredAttachment {
  kind: 'image';
  key: string;
  width: number;
  height: number;
}

/**
 * One message of a conversation. Messages form a tree: each has the message it answers or
 * follows as its parent (null for a first message); alternatives (a regenerated reply, an edit
 * saved as a new branch) are siblings. The history shown is the path from the root to the
 * conversation's active leaf, read by walking up the parents one primary-key lookup at a time
 * (decision 0022).
 */
export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => message.id, {
      onDelete: 'cascade',
    }),
    sender: text('sender').$type<'user' | 'ai'>().notNull(),
    content: text('content').notNull(),
    /**
     * Story mode: the four suggested actions made when this message ended the history, so each
     * branch keeps its own (the conversation's active leaf's are the current ones).
     */
    options: jsonb('options').$type<{ number: number; option: string }[]>(),
    /** Story mode: the opening scene of the branch this first message begins. */
    scenario: text('scenario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user last edited its text in place (a reply's text is then the user's words). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A reply: the lorebook entries its prompt carried ({ id, name }), for its 'lore' marker. */
    lore: jsonb('lore').$type<{ id: number | string | null; name: string }[]>(),
    /**
     * Removed by moderation (issue 49): its owner reads 'Removed by moderation' in its place and
     * no prompt carries it; the text is kept so an admin can reverse the decision.
     */
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /**
     * Files the message carries (issue 50: a picture the character sent), each a key in the
     * avatars' storage (`picture-<random>.webp`, never served by the public avatar route) with its
     * size. Null for most messages. Deleting the message, by whatever path, records the files for
     * removal (file_removal) through a trigger (migration 0025).
     */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    /**
     * Group scenes (issue 51): the character who said it (a character's message; null in a
     * conversation with one character, whose character says them all). Not a foreign key: a
     * character deleted leaves its lines to a "removed character" rather than rewriting them.
     */
    speakerId: integer('speaker_id'),
    /**
     * Group scenes: the characters present when it was written. A character's prompt carries only
     * the messages it was present for. Null in a conversation with one character.
     */
    present: integer('present').array(),
  },
  (t) => [
    index('message_conversation_id_idx').on(t.conversationId, t.id),
    // A message's alternatives (and a first message's, where the parent is null), in order.
    index('message_siblings_idx').on(t.conversationId, t.parentId, t.id),
    // The parent key's ON DELETE CASCADE looks children up by parent_id alone, once per deleted
    // message: without this, deleting a long conversation scans the table once per message.
    index('message_parent_idx').on(t.parentId),
    // The export's pictures (a user's messages that carry files): the few such rows, not a scan.
    index('message_attachments_idx')
      .on(t.userId)
      .where(sql`${t.attachments} is not null`),
  ],
);

/**
 * A character of a group scene (issue 51): its place in the scene's order (`position`, 0 the
 * first) and whether it is here now (`present`: 'Here now', PUT …/present). Gone with the scene,
 * the character or the account.
 */
export const conversationMember = pgTable(
  'conversation_member',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => character.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    present: boolean('present').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.characterId] }),
    // A character's deletion takes its memberships: found by this, not a scan.
    index('conversation_member_character_idx').on(t.characterId),
  ],
);

/**
 * A character's message read aloud (issue 50): the audio is a stored file (the avatars' storage,
 * key `speech-<random>`), kept per message and voice for the text it was made from, so a replay
 * asks no provider. Deleting the row (with its message, conversation, character or account, or
 * when the text changed) records the file for removal (file_removal) through a trigger
 * (migration 0024), so no path that deletes messages can leave audio behind.
 */
export const messageSpeech = pgTable(
  'message_speech',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    voice: text('voice').notNull(),
    /** sha256 of the words spoken: a message edited or continued since is read again. */
    textHash: text('text_hash').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.voice] })],
);

/** A thumbs up/down on a reply, with the message pair (the only content staff may review). */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    aiMessage: text('ai_message').notNull(),
    userMessage: text('user_message').notNull(),
    feedback: text('feedback').$type<'GOOD' | 'BAD'>().notNull(),
    /**
     * The pair's text is not as the model answered it: the user edited the reply, or edited
     * their message after the reply was written. Whoever reads the rating must know the words
     * were not all the model's.
     */
    edited: boolean('edited').notNull().default(false),
    /** What the user added in words (issue 49), if anything: staff read it beside the pair. */
    comment: text('comment'),
    /** The rated reply when the client named it: one vote per reply (a new vote replaces it). */
    messageId: bigint('message_id', { mode: 'number' }).references(() => message.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    uniqueIndex('feedback_user_message_idx').on(t.userId, t.messageId),
  ],
);

/**
 * What a conversation said before the messages its prompts can hold (issue 46 part 3): a rolling
 * summary of the path from its first message through `through_message_id`, written from the
 * previous one and the messages after it. It belongs to every branch that passes through that
 * message (a prompt takes the newest one on its own path), and goes when that message is deleted;
 * an edit in place removes those that read the old text.
 */
export const conversationSummary = pgTable(
  'conversation_summary',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    throughMessageId: bigint('through_message_id', { mode: 'number' })
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /**
     * Whose view it summarises: 0 for the conversation's own; in a group scene (issue 51), the
     * character's whose witnessed messages it holds (no foreign key: it goes with the scene).
     */
    characterId: integer('character_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A prompt reads a conversation's (or a scene character's) newest few; one summary per
    // message it runs through.
    uniqueIndex('conversation_summary_through_idx').on(
      t.conversationId,
      t.characterId,
      t.throughMessageId,
    ),
    // The message key's ON DELETE CASCADE looks summaries up by message alone.
    index('conversation_summary_message_idx').on(t.throughMessageId),
  ],
);
