import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_CURSOR_INVALID,
  CONVERSATIONS_LIMIT_INVALID,
  type ConversationPage,
  type ConversationSummary,
} from '../../src/shared/chat/contract';
import { encodeConversationCursor } from '../../src/shared/chat/conversation-cursor';
import { conversation } from '../../src/server/db/schema';
import { listConversations } from '../../src/server/modules/chat/conversations.repo';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/** GET /api/conversations: the spec's whole list, and keyset pages newest first (decision 0016). */

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let aliceId: string;
/** Alice's conversations in the order the list must show them. */
let aliceOrder: number[];
let bobIds: number[];

const idOf = async (c: TestClient) => (await c.get('/api/auth/get-session')).json.user.id as string;

/** Stores conversations with the given updated times (microseconds matter); returns their ids. */
async function seed(userId: string, times: string[]) {
  const rows = await t.database.db
    .insert(conversation)
    .values(
      times.map((time, i) => ({
        userId,
        title: `Chat ${i}`,
        lastMessage: `Message ${i}`,
        updatedAt: sql`${time}::timestamptz`,
      })),
    )
    .returning({ id: conversation.id });
  return rows.map((r) => r.id);
}

/** Newest first, ties by the larger id: the order the server promises. */
function expectedOrder(ids: number[], times: string[]) {
  return ids
    .map((id, i) => ({ id, time: times[i]! }))
    .sort((a, b) => (a.time === b.time ? b.id - a.id : a.time < b.time ? 1 : -1))
    .map((c) => c.id);
}

const page = async (c: TestClient, query: string) => {
  const res = await c.get(`/api/conversations?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ConversationPage;
};

/** Follows `nextCursor` to the end; every page but the last is full. */
async function allPages(c: TestClient, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const query: string = `limit=${limit}` + (cursor ? `&before=${cursor}` : '');
    const { conversations, nextCursor } = await page(c, query);
    ids.push(...conversations.map((s) => s.id));
    if (nextCursor === null) return ids;
    expect(conversations).toHaveLength(limit);
    cursor = nextCursor;
  }
  throw new Error('the pages never ended');
}

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.signedInUser('alice@example.com');
  bob = await t.signedInUser('bob@example.com');
  carol = await t.signedInUser('carol@example.com');
  aliceId = await idOf(alice);
  // Ties on one exact time, times a microsecond apart and one later in the same millisecond
  // (a cursor kept in milliseconds would skip or repeat these), and plainly distinct times.
  const times = [
    ...Array.from({ length: 5 }, () => '2026-03-01T12:00:00.123456Z'),
    '2026-03-01T12:00:00.123457Z',
    '2026-03-01T12:00:00.123455Z',
    '2026-03-01T12:00:00.123999Z',
    ...Array.from({ length: 10 }, (_, i) => `2026-02-0${(i % 9) + 1}T0${i % 10}:00:00.000000Z`),
    '2026-03-01T12:00:00.123456Z',
  ];
  aliceOrder = expectedOrder(await seed(aliceId, times), times);
  // Bob's are newer than all of Alice's and share her exact times: nothing of his may show.
  bobIds = await seed(await idOf(bob), ['2026-03-01T12:00:00.123456Z', '2027-01-01T00:00:00Z']);
});
afterAll(() => t.close());

describe('GET /api/conversations without a querystring (the spec: a list)', () => {
  it('answers the plain list, newest first with ties by id', async () => {
    const res = await alice.get('/api/conversations');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.map((c: ConversationSummary) => c.id)).toEqual(aliceOrder);
    expect(res.json[0]).toEqual({
      id: aliceOrder[0],
      characterId: null,
      title: expect.any(String),
      lastMessage: expect.stringMatching(/^Message /),
      message_count: 0,
      chatMode: 'assistant',
      model: null,
      updatedAt: expect.stringMatching(/^2026-03-01T12:00:00\.12\dZ$/),
      unread: false,
      leafId: 0,
    });
  });

  it('still stops at 500 conversations', async () => {
    const carolId = await idOf(carol);
    await t.database.db.execute(sql`
      insert into conversation (user_id, updated_at)
      select ${carolId}, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 520) g`);
    const list = (await carol.get('/api/conversations')).json as ConversationSummary[];
    expect(list).toHaveLength(500);
    expect(list[0]!.updatedAt).toBe(new Date(Date.UTC(2026, 0, 1, 8, 40)).toISOString());
  });

  it('answers 401 when signed out', async () => {
    expect((await t.client().get('/api/conversations')).status).toBe(401);
    expect((await t.client().get('/api/conversations?limit=5')).status).toBe(401);
  });
});

describe('pages', () => {
  it('walk the same order as the whole list, at any page size, without gaps or repeats', async () => {
    for (const limit of [1, 2, 3, 4, 5, 7, 18, 19, 100]) {
      expect(await allPages(alice, limit), `limit ${limit}`).toEqual(aliceOrder);
    }
  });

  it('end with a null cursor, also when the last page is exactly full', async () => {
    const whole = await page(alice, `limit=${aliceOrder.length}`);
    expect(whole.conversations).toHaveLength(aliceOrder.length);
    expect(whole.nextCursor).toBeNull();
    const first = await page(alice, `limit=${aliceOrder.length - 1}`);
    expect(first.nextCursor).not.toBeNull();
    const last = await page(alice, `limit=5&before=${first.nextCursor}`);
    expect(last.conversations.map((c) => c.id)).toEqual(aliceOrder.slice(-1));
    expect(last.nextCursor).toBeNull();
  });

  it('after the oldest conversation are empty', async () => {
    const beyond = encodeConversationCursor({ updatedAt: '1999-01-01T00:00:00.000000Z', id: 1 });
    expect(await page(alice, `before=${beyond}`)).toEqual({ conversations: [], nextCursor: null });
  });

  it('hold 30 unless `limit` says otherwise, and at most 100', async () => {
    const one = await page(carol, 'limit=1');
    const next = await page(carol, `before=${one.nextCursor}`);
    expect(next.conversations).toHaveLength(30);
    expect(next.nextCursor).not.toBeNull();
    expect((await page(carol, 'limit=100')).conversations).toHaveLength(100);
    for (const limit of ['0', '101', '-1', '1.5', 'many', '']) {
      const res = await carol.get(`/api/conversations?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.json.message).toBe(CONVERSATIONS_LIMIT_INVALID);
    }
  });

  it('carry on where the page before ended when its last conversation moved to the top', async () => {
    const first = await page(alice, 'limit=4');
    // The conversation the cursor was taken from gets a reply: it moves, the cursor does not.
    const moved = first.conversations[3]!.id;
    await t.database.db.execute(
      sql`update conversation set updated_at = '2026-06-01T00:00:00Z' where id = ${moved}`,
    );
    const second = await page(alice, `limit=4&before=${first.nextCursor}`);
    expect(second.conversations.map((c) => c.id)).toEqual(aliceOrder.slice(4, 8));
    aliceOrder = [moved, ...aliceOrder.filter((id) => id !== moved)];
    expect(await allPages(alice, 4)).toEqual(aliceOrder);
  });

  it('never show another user’s conversations, whatever the cursor', async () => {
    const seen = new Set([...(await allPages(alice, 3)), ...(await allPages(alice, 50))]);
    for (const id of bobIds) expect(seen.has(id)).toBe(false);
    // A cursor made from Bob's newest conversation still pages Alice's list only.
    const bobs = await page(bob, 'limit=1');
    const after = await page(alice, `limit=100&before=${bobs.nextCursor}`);
    expect(after.conversations.every((c) => !bobIds.includes(c.id))).toBe(true);
    expect((await page(bob, 'limit=100')).conversations.map((c) => c.id).sort()).toEqual(
      [...bobIds].sort(),
    );
  });
});

describe('a cursor we did not hand out', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const bad = [
    'nonsense!',
    '%20',
    'a'.repeat(300),
    b64('2026-03-01T12:00:00.123456Z'),
    b64('2026-03-01T12:00:00.123456Z|0'),
    b64('2026-03-01T12:00:00.123456Z|2147483648'),
    b64('2026-03-01T12:00:00.123456Z|12|3'),
    b64('2026-02-30T12:00:00.000000Z|12'),
    b64('2026-03-01T25:00:00.000000Z|12'),
    b64('2026-03-01 12:00:00|12'),
    b64("2026-03-01T12:00:00.123456Z'; drop table conversation; --|12"),
  ];

  it('is a 400 with a message a person can read, never a 500', async () => {
    for (const cursor of bad) {
      const res = await alice.get(`/api/conversations?before=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.json.message).toBe(CONVERSATION_CURSOR_INVALID);
    }
    for (const query of ['before=', 'before=a&before=b']) {
      const res = await alice.get(`/api/conversations?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBe(CONVERSATION_CURSOR_INVALID);
    }
    expect((await alice.get('/api/conversations')).json).toHaveLength(aliceOrder.length);
  });
});

describe('the query plan', () => {
  it('reads a page straight from conversation_user_recent_idx, with no sort', async () => {
    // A thousand conversations each for 20 users, five of a user's at each time.
    await t.database.db.execute(sql`
      insert into "user" (id, email) select 'many-' || g, 'many-' || g || '@example.com'
      from generate_series(1, 20) g`);
    await t.database.db.execute(sql`
      insert into conversation (user_id, updated_at)
      select 'many-' || (g % 20 + 1), timestamptz '2026-01-01' + (g / 100) * interval '1 minute'
      from generate_series(0, 19999) g`);
    await t.database.db.execute(sql`analyze conversation`);
    const before = { updatedAt: '2026-01-01T01:00:00.000000Z', id: 2_000_000_000 };
    for (const options of [{ limit: 31 }, { before, limit: 31 }]) {
      const { rows } = await t.database.db.execute<Record<string, string>>(
        sql`explain ${listConversations(t.database.db, 'many-7', options)}`,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join('\n');
      expect(plan).toContain('Index Scan using conversation_user_recent_idx');
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
