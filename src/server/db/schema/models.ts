import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The models offered (issue 48 part 4): one row per model LLM_MODELS names, seeded on start; the
 * staff console's Models page edits label, on or off, the default, a reply's price in credits
 * and the provider's token prices (US dollars per million tokens, for the usage page's cost).
 */
export const modelOffering = pgTable(
  'model_offering',
  {
    model: text('model').primaryKey(),
    label: text('label').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    creditsPerReply: integer('credits_per_reply').notNull().default(1),
    inputUsdPerMillion: numeric('input_usd_per_million', {
      precision: 12,
      scale: 4,
      mode: 'number',
    })
      .notNull()
      .default(0),
    outputUsdPerMillion: numeric('output_usd_per_million', {
      precision: 12,
      scale: 4,
      mode: 'number',
    })
      .notNull()
      .default(0),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('model_offering_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * One model call's usage (issue 48 part 3): no text, only what it cost — the model, what for,
 * whether it answered, its tokens (the provider's usage report, else our estimate, marked) and
 * its time to first token. The account's id is cleared when the account is deleted, so the
 * operator's figures stay whole without naming anyone.
 */
export const modelUsage = pgTable(
  'model_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The account's plan when the call was made ('free', 'basic', 'pro'); null when unknown. */
    plan: text('plan'),
    model: text('model').notNull(),
    /** What the call was for: 'reply', 'story', 'summary', 'character', 'review', 'other'. */
    purpose: text('purpose').notNull(),
    ok: boolean('ok').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** True when the provider sent no usage report and the counts are our estimate. */
    estimated: boolean('estimated').notNull().default(false),
    /** Streams only: milliseconds from the request to the first text. */
    ttftMs: integer('ttft_ms'),
  },
  (t) => [
    index('model_usage_at_idx').on(t.at),
    index('model_usage_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);
