import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CardExtras, Lorebook } from '../../../shared/character-cards/contract';
import type { CharacterSettings } from '../../../shared/characters/contract';
import { user } from './auth';

/** A user's AI character. Ids are numbers (spec); every row carries its owner. */
export const character = pgTable(
  'character',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull().default('companion'),
    gender: text('gender').notNull(),
    personality: text('personality').notNull(),
    /** A stored avatar file name (see `avatar`), or null for a gradient avatar. */
    avatarImage: text('avatar_image'),
    avatarColor: text('avatar_color').notNull().default('default'),
    settings: jsonb('settings')
      .$type<CharacterSettings>()
      .notNull()
      .default({ emojis: true, actionMessages: true }),
    directnessLevel: integer('directness_level').notNull().default(2),
    sexualPreferences: text('sexual_preferences')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    includeRoles: boolean('include_roles').notNull().default(false),
    /**
     * What the character says first when a chat starts: the first is its greeting, the others
     * alternatives the user can swipe to (empty: the user speaks first).
     */
    greetings: text('greetings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A character card's fields beyond ours, as the card had them (issue 47): scenario, example
     * dialogue, system prompt, post-history instructions, nickname, creator notes, tags, creator,
     * version, source, dates, extensions and unknown fields; an export gives them back. Null for
     * a character made here.
     */
    cardExtras: jsonb('card_extras').$type<CardExtras>(),
    /** Its lorebook (world info, a card's `character_book`), or null for none (issue 47). */
    lorebook: jsonb('lorebook').$type<Lorebook>(),
    /**
     * Removed by moderation (issue 49): its conversations stay readable, but it can no longer
     * reply (nor be edited); an admin can reverse the decision.
     */
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The voice it speaks in (issue 50; one of TTS_VOICES), null for the default voice. */
    voice: text('voice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('character_user_id_idx').on(t.userId, t.id)],
);

/**
 * Stored avatar images and who uploaded them, so a character can only use its owner's files and
 * a replaced or deleted avatar's file can be removed safely.
 */
export const avatar = pgTable(
  'avatar',
  {
    fileName: text('file_name').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('avatar_user_id_idx').on(t.userId)],
);
