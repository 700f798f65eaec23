/**
 * A conversation's history is read through the (conversation_id, id) index at any length
 * (decision 0015): each page reads its 50 rows and no more, never a backward walk of the message
 * primary key past other conversations' messages, never a sort of the whole conversation. The
 * plans are checked with EXPLAIN on a conversation long enough for the planner to care.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { character, conversation, user } from '../../src/server/db/schema';
import { threadPageQuery } from '../../src/server/modules/chat/chat.repo';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Messages are written in four blocks: the long conversation, another user's, the long one
 * again, the other one again. Newest-first walks of the primary key from the long conversation's
 * newest message, or from the gap between its blocks, meet a whole block of others first.
 */
const BLOCK = 30_000;
const PAGE = 50;

let t: TestApp;
let owner: TestClient;
let ownerId: string;
let longId: number;
/** Ids of the long conversation's messages, oldest first. */
let longIds: number[];
/** What refreshing the statistics did once the messages were in. */
let refreshed: string[];

let otherId: number;

async function insertBlock(conversationId: number, userId: string, count = BLOCK) {
  await t.database.db.execute(sql`
    insert into message (conversation_id, user_id, sender, content)
    select ${conversationId}, ${userId}, case when g % 2 = 0 then 'ai' else 'user' end,
           'message ' || g
      from generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  t = await startTestApp();
  const { db } = t.database;
  owner = await t.signedInUser();
  ownerId = (await owner.get('/api/auth/get-session')).json.user.id;
  const [selene] = await db
    .insert(character)
    .values({
      userId: ownerId,
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    })
    .returning();
  await db.insert(user).values({ id: 'other-user', email: 'other@example.com' });
  const [long, other] = await db
    .insert(conversation)
    .values([
      { userId: ownerId, characterId: selene!.id, chatMode: 'texting' },
      { userId: 'other-user', chatMode: 'assistant' },
    ])
    .returning();
  longId = long!.id;
  otherId = other!.id;
  for (const [c, u] of [
    [long!.id, ownerId],
    [other!.id, 'other-user'],
    [long!.id, ownerId],
    [other!.id, 'other-user'],
  ] as const) {
    await insertBlock(c, u);
  }
  const { rows } = await db.execute<{ id: string | number }>(
    sql`select id from message where conversation_id = ${longId} order by id`,
  );
  longIds = rows.map((r) => Number(r.id));
  // As the planner-statistics job does on PGlite, and autovacuum soon after on PostgreSQL (done
  // here at once, so the plans below are the ones a running server gets).
  refreshed = await t.database.refreshStatistics();
  if (t.database.driver === 'postgres') await db.execute(sql`analyze message`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The executed plan of readThread's statement for one page. */
async function planOf(before: number | undefined) {
  const query = threadPageQuery(t.database.db, ownerId, longId, { before, limit: PAGE });
  const { rows } = await t.database.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    sql`explain (analyze, format json) ${query}`,
  );
  const json = rows[0]!['QUERY PLAN'];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
}

const pages = {
  first: () => undefined,
  /** Half of it from each block of the long conversation: the others' block lies in between. */
  'older, across the gap': () => longIds[BLOCK + PAGE / 2]!,
  'older, deep': () => longIds[BLOCK / 2]!,
};

describe('history pages of a long conversation', () => {
  it('has planner statistics on PGlite too, which runs no autovacuum', async () => {
    const onPglite = t.database.driver === 'pglite';
    expect(refreshed).toEqual(onPglite ? ['message'] : []);
    // Up to date now: nothing to do until the table has grown by more than a tenth.
    expect(await t.database.refreshStatistics()).toEqual([]);
    await insertBlock(otherId, 'other-user', BLOCK / 2);
    expect(await t.database.refreshStatistics()).toEqual(onPglite ? ['message'] : []);
  });

  for (const [name, before] of Object.entries(pages)) {
    it(`${name} page: ${PAGE} rows read through the (conversation_id, id) index`, async () => {
      const plan = await planOf(before());
      expect(plan).toMatchObject({
        'Node Type': 'Limit',
        Plans: [
          {
            'Node Type': 'Index Scan',
            'Index Name': 'message_conversation_id_idx',
            'Scan Direction': 'Backward',
            'Actual Rows': PAGE,
          },
        ],
      });
      expect(plan.Plans![0]!['Rows Removed by Filter'] ?? 0).toBe(0);
    });

    it(`${name} page over HTTP: the ${PAGE} messages before it, oldest first`, async () => {
      const at = before();
      const end = at === undefined ? longIds.length : longIds.indexOf(at);
      const res = await owner.get(
        `/api/conversations/${longId}/messages?limit=${PAGE}${at ? `&before=${at}` : ''}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.json.map((m: { id: number }) => m.id)).toEqual(longIds.slice(end - PAGE, end));
    });
  }
});
