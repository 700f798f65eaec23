/**
 * A conversation's history (the active path of its message tree) is read at any length by
 * walking up the parents, one primary-key lookup per message (decision 0022): each page reads its
 * 50 messages and no more, never a scan of the conversation or of other conversations' messages,
 * never a sort of more than the page, however many branches the conversation has. The plans are
 * checked with EXPLAIN on a conversation long enough for the planner to care.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { character, conversation, user } from '../../src/server/db/schema';
import { readThread, threadStatement } from '../../src/server/modules/chat/thread-read.repo';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';
import { linkIntoLines } from './support/message-tree';

/**
 * Messages are written in four blocks: the long conversation, another user's, the long one
 * again, the other one again. Newest-first walks of the primary key from the long conversation's
 * newest message, or from the gap between its blocks, meet a whole block of others first.
 */
const BLOCK = 30_000;
const PAGE = 50;
/** Alternatives added off the main line of the long conversation (regenerated replies). */
const BRANCHES = 50;

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
  await linkIntoLines(db, [longId, otherId]);
  const { rows } = await db.execute<{ id: string | number }>(
    sql`select id from message where conversation_id = ${longId} order by id`,
  );
  longIds = rows.map((r) => Number(r.id));
  // Alternatives off the main line, spread over its length: siblings of every 1,000th message.
  await db.execute(sql`
    insert into message (conversation_id, user_id, parent_id, sender, content)
    select ${longId}, ${ownerId}, m.parent_id, m.sender, 'alternative of ' || m.id
      from message m
     where m.conversation_id = ${longId} and m.parent_id is not null
       and m.id = any(${`{${longIds.filter((_, i) => i % 1000 === 999).slice(0, BRANCHES)}}`}::bigint[])`);
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
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

type PlanRows = { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];

/**
 * The executed plan of readThread's statement for one page: as planned for its values (what an
 * unnamed statement gets), or as a prepared statement's generic plan, made once for any values
 * (what PostgreSQL may switch to after a statement's fifth run; on PGlite every statement is a
 * prepared one, decision 0028).
 */
async function planOf(before: number | undefined, siblings: boolean, generic = false) {
  const statement = threadStatement(ownerId, longId, { before, limit: PAGE, siblings });
  const rows = generic
    ? await t.database.db.transaction(async (tx) => {
        const { sql: text, params } = new PgDialect().sqlToQuery(statement);
        const literal = (v: unknown) =>
          typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare thread_page as ${text}`));
        const explained = await tx.execute(
          sql.raw(`explain (analyze, format json) execute thread_page(${params.map(literal)})`),
        );
        await tx.execute(sql`deallocate thread_page`);
        return explained.rows as PlanRows;
      })
    : ((await t.database.db.execute(sql`explain (analyze, format json) ${statement}`))
        .rows as PlanRows);
  const json = rows[0]!['QUERY PLAN'];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

const pages = {
  first: () => undefined,
  /** Half of it from each block of the long conversation: the others' block lies in between. */
  'older, across the gap': () => longIds[BLOCK + PAGE / 2]!,
  'older, deep': () => longIds[BLOCK / 2]!,
};

describe('history pages of a long conversation', () => {
  it('reads only what a prompt can hold when given a budget in characters', async () => {
    const all = await readThread(t.database.db, ownerId, longId, { limit: 200 });
    const budgeted = await readThread(t.database.db, ownerId, longId, {
      limit: 200,
      maxChars: 100,
    });
    expect(all).toHaveLength(200);
    // The newest messages, up to and including the one that passes the budget.
    expect(budgeted.map((m) => m.id)).toEqual(all.slice(-budgeted.length).map((m) => m.id));
    const chars = budgeted.map((m) => m.content.length);
    const total = chars.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total - chars[0]!).toBeLessThan(100);
  });

  it('has planner statistics on PGlite too, which runs no autovacuum', async () => {
    const onPglite = t.database.driver === 'pglite';
    // Analyzed by the refresh above, or already by the planner-statistics job meanwhile.
    if (!onPglite) expect(refreshed).toEqual([]);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_statistic where starelid = 'message'::regclass`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Up to date now: nothing to do until the table has grown by more than a tenth.
    expect(await t.database.refreshStatistics()).toEqual([]);
    // More than a tenth of the table as it stands (the tree's backfill above left dead rows).
    await insertBlock(otherId, 'other-user', BLOCK * 2);
    expect(await t.database.refreshStatistics()).toEqual(onPglite ? ['message'] : []);
  });

  for (const [name, before] of Object.entries(pages)) {
    for (const [siblings, generic] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const variant = `${siblings ? ' with siblings' : ''}${generic ? ', as a generic plan' : ''}`;
      it(`${name} page${variant}: ${PAGE} primary-key steps up the tree, nothing scanned`, async () => {
        const nodes = nodesOf(await planOf(before(), siblings, generic));
        const messageScans = nodes.filter(
          (n) => n['Relation Name'] === 'message' && (n['Actual Loops'] ?? 0) > 0,
        );
        expect(messageScans.length).toBeGreaterThan(0);
        for (const scan of messageScans) {
          // Never a sequential scan; each lookup reads at most a page (a sibling count reads its
          // few siblings, through message_siblings_idx directly or as a bitmap).
          expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
          expect(scan['Actual Rows']!).toBeLessThanOrEqual(PAGE);
        }
        // The walk itself: the page's messages, each read once by primary key (the walk carries
        // their columns; nothing joins `message` again afterwards).
        const rowsRead = messageScans
          .filter((n) => ['message_pkey', 'message_conversation_id_idx'].includes(n['Index Name']!))
          .reduce((sum, n) => sum + n['Actual Rows']! * (n['Actual Loops'] ?? 1), 0);
        expect(rowsRead).toBeGreaterThanOrEqual(PAGE);
        expect(rowsRead).toBeLessThanOrEqual(PAGE + 3);
        expect(nodes.every((n) => n['Node Type'] !== 'Sort' || n['Actual Rows']! <= PAGE)).toBe(
          true,
        );
      });
    }

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
