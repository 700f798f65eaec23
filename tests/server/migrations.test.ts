/**
 * Migrations keep what users already have: a database holding conversations and working memory
 * from before the message tree (0007) and memory rows (0008) is migrated, and every message,
 * line and summary is still there, in its new shape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** Runs the migrations from index `from` up to (not including) `to`, as the migrator does. */
async function migrate(db: PGlite, from: number, to: number) {
  for (const { tag } of journal.entries.slice(from, to)) {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

const before = (tag: string) => journal.entries.findIndex((e) => e.tag === tag);

let db: PGlite;
beforeAll(async () => {
  db = new PGlite('memory://');
  await migrate(db, 0, before('0007_message_tree'));
  // Two users, as 0006 left them: linear conversations and summaries in character JSON.
  await db.exec(`
    INSERT INTO "user" (id, email) VALUES ('u1', 'one@example.com'), ('u2', 'two@example.com');
    INSERT INTO character (id, user_id, name, description, gender, personality, working_memory)
    VALUES
      (1, 'u1', 'Selene', 'A moonlit poet.', 'female', 'Playful.',
       '[{"conversation_id": 10, "summary": "Riley loves jazz."},
         {"conversation_id": 99, "summary": "From a conversation deleted long ago."}]'),
      (2, 'u2', 'Nova', 'A pilot.', 'female', 'Bold.',
       '[{"conversation_id": 20, "summary": "Sam fears heights."}]'),
      (3, 'u2', 'Empty', 'Nothing yet.', 'male', 'Quiet.', '[]');
    INSERT INTO conversation (id, user_id, character_id, title, message_count)
    VALUES (10, 'u1', 1, 'Jazz night', 4), (11, 'u1', 1, 'Second', 1), (20, 'u2', 2, 'Flight', 2);
    INSERT INTO conversation (id, user_id, character_id, title, message_count, chat_mode, scenario, current_options)
    VALUES (21, 'u2', 2, 'A storm', 2, 'immersive', 'Rain hammers the hangar roof.',
            '[{"number": 1, "option": "Open the hangar door"}]');
    INSERT INTO message (id, conversation_id, user_id, sender, content) VALUES
      (1, 10, 'u1', 'user', 'Hi'), (2, 20, 'u2', 'user', 'Hello'), (3, 10, 'u1', 'ai', 'Hey you'),
      (4, 10, 'u1', 'user', 'Jazz?'), (5, 11, 'u1', 'user', 'Again'), (6, 20, 'u2', 'ai', 'Up we go'),
      (7, 10, 'u1', 'ai', 'Always'), (8, 21, 'u2', 'user', 'Take off'), (9, 21, 'u2', 'ai', 'Wheels up');
  `);
  await migrate(db, before('0007_message_tree'), journal.entries.length);
});
afterAll(async () => {
  await db.close();
});

describe('migrating a database with conversations in it', () => {
  it('links every existing conversation into one line, its newest message the active leaf', async () => {
    const { rows } = await db.query<{ id: number; parent_id: number | null }>(
      'select id::int, parent_id::int from message order by id',
    );
    expect(rows).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: null },
      { id: 3, parent_id: 1 },
      { id: 4, parent_id: 3 },
      { id: 5, parent_id: null },
      { id: 6, parent_id: 2 },
      { id: 7, parent_id: 4 },
      { id: 8, parent_id: null },
      { id: 9, parent_id: 8 },
    ]);
    const leaves = await db.query<{ id: number; active_leaf_id: number }>(
      'select id, active_leaf_id::int from conversation order by id',
    );
    expect(leaves.rows).toEqual([
      { id: 10, active_leaf_id: 7 },
      { id: 11, active_leaf_id: 5 },
      { id: 20, active_leaf_id: 6 },
      { id: 21, active_leaf_id: 9 },
    ]);
  });

  it('keeps every summary as a memory row of its user and character, linked while its conversation exists', async () => {
    const { rows } = await db.query(
      `select user_id, character_id, source, conversation_id, content, pinned
         from memory order by content`,
    );
    expect(rows).toEqual([
      {
        user_id: 'u1',
        character_id: 1,
        source: 'summary',
        conversation_id: null,
        content: 'From a conversation deleted long ago.',
        pinned: false,
      },
      {
        user_id: 'u1',
        character_id: 1,
        source: 'summary',
        conversation_id: 10,
        content: 'Riley loves jazz.',
        pinned: false,
      },
      {
        user_id: 'u2',
        character_id: 2,
        source: 'summary',
        conversation_id: 20,
        content: 'Sam fears heights.',
        pinned: false,
      },
    ]);
  });

  it('marks summarised conversations, so they are not summarised again, and drops the JSON column', async () => {
    const { rows } = await db.query<{ id: number; summarized: boolean }>(
      'select id, summarized_at is not null as summarized from conversation order by id',
    );
    expect(rows).toEqual([
      { id: 10, summarized: true },
      { id: 11, summarized: false },
      { id: 20, summarized: true },
      { id: 21, summarized: false },
    ]);
    const columns = await db.query(
      `select 1 from information_schema.columns
        where table_name = 'character' and column_name = 'working_memory'`,
    );
    expect(columns.rows).toEqual([]);
  });

  it('gives a story’s options to the message ending its history and its scenario to its first message', async () => {
    const { rows } = await db.query(
      'select id::int, options, scenario from message where conversation_id = 21 order by id',
    );
    expect(rows).toEqual([
      { id: 8, options: null, scenario: 'Rain hammers the hangar roof.' },
      { id: 9, options: [{ number: 1, option: 'Open the hangar door' }], scenario: null },
    ]);
    const others = await db.query(
      'select count(*)::int as n from message where options is not null or scenario is not null',
    );
    expect(others.rows).toEqual([{ n: 2 }]);
  });

  it('keeps every existing account a plain user, not suspended, with two-factor off (0019)', async () => {
    const { rows } = await db.query(
      'select id, role, banned, two_factor_enabled from "user" order by id',
    );
    expect(rows).toEqual([
      { id: 'u1', role: 'user', banned: false, two_factor_enabled: false },
      { id: 'u2', role: 'user', banned: false, two_factor_enabled: false },
    ]);
  });
});

describe('a database that took the first version of 0030 (decision 0072)', () => {
  // What that version did, as such a database has it: the month's key widened by a slot.
  const FIRST_0030 = `
    ALTER TABLE "safety_monthly_count" DROP CONSTRAINT "safety_monthly_count_pkey";
    ALTER TABLE "safety_monthly_count" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;
    ALTER TABLE "safety_monthly_count" ADD CONSTRAINT "safety_monthly_count_month_slot_pk" PRIMARY KEY("month","slot");`;

  it('goes on taking the counts of its servers beside the new ones, and reads them together', async () => {
    const old = new PGlite('memory://');
    try {
      await migrate(old, 0, before('0030_safety_count_slots'));
      await old.exec(FIRST_0030);
      await migrate(old, before('0030_safety_count_slots') + 1, journal.entries.length);
      // A server of that release, still running while the others are replaced, counts as it did.
      await old.exec(`insert into safety_monthly_count (month, slot, ai_notices)
        values ('2026-12-01', 3, 2)
        on conflict (month, slot) do update
          set ai_notices = safety_monthly_count.ai_notices + excluded.ai_notices`);
      // A new server counts on its own table.
      await old.exec(`insert into safety_count_slot (month, slot, ai_notices)
        values ('2026-12-01', 5, 1)`);
      const { rows } = await old.query(`select month::text, sum(ai_notices)::int as ai from (
          select month, ai_notices from safety_count_slot
          union all select month, ai_notices from safety_monthly_count) c group by month`);
      expect(rows).toEqual([{ month: '2026-12-01', ai: 3 }]);
    } finally {
      await old.close();
    }
  });
});
