/**
 * Issue 45: a conversation can be renamed (PUT /api/conversations/{id} { title }) and the
 * conversations searched by title and by the messages of the branch being read
 * (GET /api/conversations?query=), each user only ever finding their own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONVERSATION_SEARCH_TOO_LONG,
  CONVERSATION_TITLE_EMPTY,
  CONVERSATION_TITLE_TOO_LONG,
  type ConversationSearchPage,
  type ConversationSummary,
} from '../../src/shared/chat/contract';
import { creditAccount } from '../../src/server/db/schema';
import { searchStatement } from '../../src/server/modules/chat/conversations.repo';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { linkIntoLines } from './support/message-tree';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let alice: TestClient;
let bob: TestClient;
/** Searches among conversations the renaming tests do not touch. */
let carol: TestClient;
let aliceCharacter: number;
let bobCharacter: number;
let carolCharacter: number;
const lines: string[] = [];

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp(
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  alice = await t.signedInUser('alice-search@example.com');
  bob = await t.signedInUser('bob-search@example.com');
  carol = await t.signedInUser('carol-search@example.com');
  for (const c of [alice, bob, carol]) await c.get('/api/get-credits'); // opens the credit accounts
  await t.database.db.update(creditAccount).set({ credits: 1000 });
  const character = (c: TestClient, name: string) =>
    c
      .post('/api/characters', {
        name,
        description: 'A moonlit poet with a sharp wit.',
        gender: 'female',
        personality: 'Playful, literate, teases gently and quotes poetry.',
      })
      .then((res) => res.json.id as number);
  aliceCharacter = await character(alice, 'Selene');
  bobCharacter = await character(bob, 'Nova');
  carolCharacter = await character(carol, 'Iris');
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

async function newConversation(c: TestClient, characterId: number, chatMode = 'texting') {
  const res = await c.post('/api/conversations', { characterId, chatMode });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function send(c: TestClient, conversationId: number, text: string, reply: string) {
  llm.script({ content: reply });
  const res = await c.post('/api/chat', { message: text, conversationId });
  expect(res.status, res.text).toBe(200);
  return res.json as { messageId: number; userMessageId: number };
}

const listed = async (c: TestClient, id: number) =>
  ((await c.get('/api/conversations')).json as ConversationSummary[]).find((s) => s.id === id);

async function search(c: TestClient, words: string, more = '') {
  const res = await c.get(`/api/conversations?query=${encodeURIComponent(words)}${more}`);
  expect(res.status, res.text).toBe(200);
  return res.json as ConversationSearchPage;
}
const ids = (page: ConversationSearchPage) => page.conversations.map((c) => c.id);

describe('renaming a conversation', () => {
  it('answers the conversation with its new name, which the list shows', async () => {
    const id = await newConversation(alice, aliceCharacter);
    await send(alice, id, 'Tell me about the tides', 'They follow the moon');
    expect((await listed(alice, id))!.title).toBe('Tell me about the tides');
    const before = (await listed(alice, id))!.updatedAt;

    const res = await alice.put(`/api/conversations/${id}`, { title: '  Tides \n and   moons ' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id, title: 'Tides and moons', chatMode: 'texting' });
    const after = await listed(alice, id);
    expect(after!.title).toBe('Tides and moons');
    // A new name is no new activity: the conversation keeps its place in the list.
    expect(after!.updatedAt).toBe(before);
  });

  it('keeps the name the user gave through new messages and branch changes', async () => {
    const id = await newConversation(alice, aliceCharacter);
    const first = await send(alice, id, 'Where shall we go?', 'The sea');
    await alice.put(`/api/conversations/${id}`, { title: 'Holiday plans' });
    await send(alice, id, 'Why the sea?', 'Because it listens');
    // A new first message starts another branch, whose title would be its own words.
    llm.script({ content: 'Mountains, then' });
    const branched = await alice.post('/api/chat', {
      message: 'Somewhere else entirely',
      conversationId: id,
      parentId: null,
    });
    expect(branched.status, branched.text).toBe(200);
    expect((await listed(alice, id))!.title).toBe('Holiday plans');
    await alice.put(`/api/conversations/${id}/active-leaf`, { messageId: first.messageId });
    expect((await listed(alice, id))!.title).toBe('Holiday plans');
  });

  it('refuses an empty or too long name with a message a person can read', async () => {
    const id = await newConversation(alice, aliceCharacter);
    for (const title of ['', '   ', '\n\t']) {
      const res = await alice.put(`/api/conversations/${id}`, { title });
      expect(res.status, JSON.stringify(title)).toBe(400);
      expect(res.json.message).toBe(CONVERSATION_TITLE_EMPTY);
    }
    const long = await alice.put(`/api/conversations/${id}`, { title: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(CONVERSATION_TITLE_TOO_LONG);
    expect((await alice.put(`/api/conversations/${id}`, { title: 'x'.repeat(100) })).status).toBe(
      200,
    );
    expect((await alice.put(`/api/conversations/${id}`, { title: 42 })).status).toBe(400);
    expect((await alice.put(`/api/conversations/${id}`, {})).status).toBe(400);
  });

  it('is a 404 for another user’s conversation, which keeps its name', async () => {
    const id = await newConversation(bob, bobCharacter);
    await send(bob, id, 'Flight plans', 'Up we go');
    const res = await alice.put(`/api/conversations/${id}`, { title: 'Mine now' });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Conversation not found');
    expect((await listed(bob, id))!.title).toBe('Flight plans');
    expect((await alice.put('/api/conversations/999999', { title: 'Nothing' })).status).toBe(404);
    expect((await t.client().put(`/api/conversations/${id}`, { title: 'x' })).status).toBe(401);
  });
});

describe('searching conversations', () => {
  let tides: number;
  let lighthouse: number;
  let velvet: number;

  beforeAll(async () => {
    tides = await newConversation(carol, carolCharacter);
    await send(carol, tides, 'Tell me about the TIDES', 'The ocean keeps a diary of the moon');
    lighthouse = await newConversation(carol, carolCharacter, 'assistant');
    const first = await send(carol, lighthouse, 'A riddle please', 'I keep a lighthouse inside');
    // The first reply is replaced by an alternative: its words are no longer on the branch read.
    llm.script({ content: 'Poems hide in teacups' });
    expect((await carol.post(`/api/messages/${first.messageId}/regenerate`)).status).toBe(200);
    // A message deleted with what followed it.
    const gone = await send(carol, lighthouse, 'Say zanzibar', 'Zanzibar it is');
    expect((await carol.delete(`/api/messages/${gone.userMessageId}`)).status).toBe(200);
    velvet = await newConversation(carol, carolCharacter, 'immersive');
    await carol.put(`/api/conversations/${velvet}`, { title: 'Velvet evenings' });
    // Bob's conversations hold the same words, and are newer.
    const his = await newConversation(bob, bobCharacter);
    await send(bob, his, 'Tides and lighthouses', 'Teacups, velvet and the ocean');
    await bob.put(`/api/conversations/${his}`, { title: 'Velvet tides' });
  });

  it('finds a conversation by words of its messages, with the words around them', async () => {
    const page = await search(carol, 'diary');
    expect(ids(page)).toEqual([tides]);
    expect(page.nextCursor).toBeNull();
    expect(page.conversations[0]).toMatchObject({
      id: tides,
      title: 'Tell me about the TIDES',
      chatMode: 'texting',
      snippet: 'The ocean keeps a diary of the moon',
    });
  });

  it('ignores case, and finds the user’s own messages as well as replies', async () => {
    expect(ids(await search(carol, 'tides'))).toEqual([tides]);
    expect(ids(await search(carol, 'OCEAN KEEPS'))).toEqual([tides]);
    expect(ids(await search(carol, 'riddle'))).toEqual([lighthouse]);
  });

  it('finds a conversation by its title, without a snippet', async () => {
    const page = await search(carol, 'velvet');
    expect(page.conversations).toEqual([
      expect.objectContaining({ id: velvet, title: 'Velvet evenings', snippet: null }),
    ]);
  });

  it('answers newest first, and pages like the list', async () => {
    // "e" is in every one of Carol's.
    const all = await search(carol, 'e');
    expect(ids(all)).toEqual([velvet, lighthouse, tides]);
    const first = await search(carol, 'e', '&limit=2');
    expect(ids(first)).toEqual([velvet, lighthouse]);
    const rest = await search(carol, 'e', `&limit=2&before=${first.nextCursor}`);
    expect(ids(rest)).toEqual([tides]);
    expect(rest.nextCursor).toBeNull();
  });

  it('never matches a reply that was replaced or a message that was deleted', async () => {
    expect(ids(await search(carol, 'lighthouse'))).toEqual([]);
    expect(ids(await search(carol, 'zanzibar'))).toEqual([]);
    expect(ids(await search(carol, 'teacups'))).toEqual([lighthouse]);
  });

  it('never answers another user’s conversations', async () => {
    for (const words of ['tides', 'velvet', 'teacups', 'ocean', 'e']) {
      const mine = ids(await search(carol, words));
      const his = ids(await search(bob, words));
      expect(
        mine.some((id) => his.includes(id)),
        words,
      ).toBe(false);
    }
    expect(ids(await search(bob, 'lighthouses'))).toHaveLength(1);
    expect(ids(await search(carol, 'lighthouses'))).toEqual([]);
  });

  it('takes %, _ and \\ as themselves', async () => {
    for (const words of ['%', '_', '\\', 'ti_es', 't%s']) {
      expect(ids(await search(carol, words)), words).toEqual([]);
    }
  });

  it('answers the plain list for a blank query, and refuses one too long', async () => {
    const blank = await carol.get('/api/conversations?query=%20%20');
    expect(Array.isArray(blank.json)).toBe(true);
    const long = await carol.get(`/api/conversations?query=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(CONVERSATION_SEARCH_TOO_LONG);
    expect((await t.client().get('/api/conversations?query=tides')).status).toBe(401);
  });

  it('cuts a long message’s snippet around the words found', async () => {
    const id = await newConversation(carol, carolCharacter);
    const long = `${'Once upon a time there was a very long story. '.repeat(6)}The needle was here, said the owl. ${'And it went on and on. '.repeat(8)}`;
    await send(carol, id, 'Tell me a long story', long);
    const [found] = (await search(carol, 'needle')).conversations;
    expect(found!.id).toBe(id);
    expect(found!.snippet).toMatch(/^….{10,40}The needle was here, said the owl\..*…$/);
    expect(found!.snippet!.length).toBeLessThanOrEqual(110);
  });

  it('writes neither the search words nor any message’s text in the logs', async () => {
    await search(carol, 'diary');
    const log = lines.join('\n');
    expect(log).not.toMatch(/diary/i);
  });
});

describe('the search’s plan', () => {
  it('reads only the user’s own conversations and their messages, never the whole table', async () => {
    // Twenty other users with 500 messages each.
    await t.database.db.execute(sql`
      insert into "user" (id, email) select 'crowd-' || g, 'crowd-' || g || '@example.com'
      from generate_series(1, 20) g`);
    const { rows } = await t.database.db.execute<{ id: number }>(sql`
      insert into conversation (user_id) select 'crowd-' || (g % 20 + 1)
      from generate_series(0, 199) g returning id`);
    await t.database.db.execute(sql`
      insert into message (conversation_id, user_id, sender, content)
      select c.id, c.user_id, 'user', 'Words about the sea, number ' || g
      from conversation c, generate_series(1, 50) g where c.user_id like 'crowd-%'`);
    await linkIntoLines(
      t.database.db,
      rows.map((r) => Number(r.id)),
    );
    await t.database.db.execute(sql`analyze`);
    const { rows: plan } = await t.database.db.execute<Record<string, string>>(
      sql`explain ${searchStatement('crowd-7', 'nowhere', { limit: 31 })}`,
    );
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('conversation_user_recent_idx');
    expect(text).not.toMatch(/Seq Scan on message|Seq Scan on conversation|Sort/);
  });
});
