import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { character } from './characters';
import { conversation } from './conversations';

/**
 * Issue 52: Web Push subscriptions, the user's notification settings, the server's VAPID keys
 * (when neither the environment nor DATA_DIR holds them), and characters' check-ins.
 */

/**
 * One browser's push subscription (the PushSubscription JSON it posted). An endpoint belongs to
 * one account at a time: posted by another account of the same browser, it moves there.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_idx').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId),
  ],
);

/** What the user wants to be told, and how discreetly. No row: the defaults. */
export const notificationSetting = pgTable('notification_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** A notification when a reply finishes while Reverie is in the background. */
  replies: boolean('replies').notNull().default(true),
  /** The character's name and a short preview instead of a discreet text. */
  previews: boolean('previews').notNull().default(false),
  /** When the user was told that a check-in was skipped for want of credits (once per spell). */
  noCreditsToldAt: timestamp('no_credits_told_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The VAPID key pair shared by every server of one database (when not configured). */
export const pushKey = pgTable('push_key', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a character writes first (issue 52 part 3). One row per character that was set up. */
export const checkInSetting = pgTable(
  'check_in_setting',
  {
    characterId: integer('character_id')
      .primaryKey()
      .references(() => character.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** Local times of day, "HH:MM". */
    times: jsonb('times').$type<string[]>().notNull().default([]),
    /** Days of the week, Sunday 0. */
    days: jsonb('days').$type<number[]>().notNull().default([0, 1, 2, 3, 4, 5, 6]),
    /** An IANA time zone the times and days are in. */
    timezone: text('timezone').notNull().default('UTC'),
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    maxPerDay: integer('max_per_day').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('check_in_setting_enabled_idx')
      .on(t.enabled)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * A check-in slot taken: inserted before anything is written, unique per character and slot, so
 * of several servers exactly one writes it. `status`: 'sent', 'no-credits' (skipped, nothing
 * charged), 'failed' (the model failed; the credit was given back).
 */
export const checkIn = pgTable(
  'check_in',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => character.id, { onDelete: 'cascade' }),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    /** The slot's day in the setting's time zone, "YYYY-MM-DD": the daily limit counts by it. */
    localDay: text('local_day').notNull(),
    status: text('status').notNull().default('pending'),
    conversationId: integer('conversation_id').references(() => conversation.id, {
      onDelete: 'set null',
    }),
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_in_slot_idx').on(t.characterId, t.slotAt),
    index('check_in_user_idx').on(t.userId, t.createdAt),
  ],
);
