/**
 * What a character remembers about its user (issue 13): listed with where each memory came from,
 * added by hand or from a message, edited, pinned, deleted; used by the prompt (pinned first);
 * kept or forgotten with a deleted conversation as the user chooses; never another user's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMORIES_FULL, MEMORY_LIMITS } from '../../src/shared/memories/contract';
import { creditAccount, memory } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let stranger: TestClient;
let characterId: number;
let otherCharacterId: number;
let userId: string;

interface Shown {
  id: number;
  content: string;
  pinned: boolean;
  source: string;
  conversationId: number | null;
  messageId: number | null;
  conversationTitle: string | null;
  inPrompt: boolean;
}

const selene = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  // Summaries after replies are queued jobs.
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }, { jobs: true });
  user = await t.signedInUser('rememberer@example.com');
  stranger = await t.signedInUser('stranger@example.com');
  userId = (await user.get('/api/auth/get-session')).json.user.id;
  await user.get('/api/get-credits'); // the account is opened on first use
  await t.database.db.update(creditAccount).set({ credits: 1000 });
  characterId = (await user.post('/api/characters', selene)).json.id;
  otherCharacterId = (await user.post('/api/characters', { ...selene, name: 'Nova' })).json.id;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
  llm.setDefault({ content: 'Mm, I hear you.' });
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

const memories = async (charId = characterId, c: TestClient = user) => {
  const res = await c.get(`/api/characters/${charId}/memories`);
  expect(res.status, res.text).toBe(200);
  return res.json.memories as Shown[];
};

async function conversationWith(first: string, charId = characterId) {
  const id = (await user.post('/api/conversations', { characterId: charId, chatMode: 'texting' }))
    .json.id as number;
  const sent = await user.post('/api/chat', { message: first, conversationId: id });
  expect(sent.status, sent.text).toBe(200);
  return { id, userMessageId: sent.json.userMessageId as number, replyId: sent.json.messageId };
}

/** The system prompt of the model's newest reply request. */
const lastSystemPrompt = () =>
  llm.requests.filter((r) => r.body?.stream).at(-1)!.body.messages[0].content as string;

describe('memories', () => {
  it('adds a fact by hand (pinned), lists pinned first, edits, unpins and deletes it', async () => {
    const typed = await user.post(`/api/characters/${characterId}/memories`, {
      content: '  Riley takes their coffee black.  ',
    });
    expect(typed.status, typed.text).toBe(201);
    expect(typed.json.memory).toMatchObject({
      content: 'Riley takes their coffee black.',
      pinned: true,
      source: 'manual',
      conversationId: null,
      messageId: null,
      conversationTitle: null,
    });
    const id = typed.json.memory.id as number;
    const loose = await user.post(`/api/characters/${characterId}/memories`, {
      content: 'Riley once lived by the sea.',
      pinned: false,
    });
    expect(loose.status).toBe(201);
    expect((await memories()).map((m) => m.content)).toEqual([
      'Riley takes their coffee black.',
      'Riley once lived by the sea.',
    ]);

    const edited = await user.put(`/api/memories/${id}`, { content: 'Riley drinks tea now.' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.memory).toMatchObject({ content: 'Riley drinks tea now.', pinned: true });
    const unpinned = await user.put(`/api/memories/${id}`, { pinned: false });
    expect(unpinned.json.memory).toMatchObject({ content: 'Riley drinks tea now.', pinned: false });
    // Both unpinned now: newest first.
    expect((await memories()).map((m) => m.content)).toEqual([
      'Riley once lived by the sea.',
      'Riley drinks tea now.',
    ]);

    expect((await user.delete(`/api/memories/${id}`)).json).toEqual({ success: true });
    expect((await memories()).some((m) => m.id === id)).toBe(false);
    expect((await user.delete(`/api/memories/${id}`)).status).toBe(404);
    await user.delete(`/api/memories/${loose.json.memory.id}`);
  });

  it('answers bad input with a clear 400', async () => {
    const post = (body: unknown) => user.post(`/api/characters/${characterId}/memories`, body);
    expect((await post({ content: '   ' })).json.message).toBe('Please write what to remember.');
    expect((await post({ content: 'x'.repeat(MEMORY_LIMITS.contentMaxLength + 1) })).status).toBe(
      400,
    );
    expect((await post({})).status).toBe(400);
    const made = (await post({ content: 'Something' })).json.memory.id;
    const empty = await user.put(`/api/memories/${made}`, {});
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Nothing to change.');
    expect((await user.put('/api/memories/abc', { pinned: true })).status).toBe(404);
    await user.delete(`/api/memories/${made}`);
  });

  it('remembers a message with where it came from, and the prompt carries it first', async () => {
    const { id, userMessageId } = await conversationWith('My sister Maya lives in Lisbon.');
    const res = await user.post(`/api/characters/${characterId}/memories`, {
      content: 'My sister Maya lives in Lisbon.',
      messageId: userMessageId,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.memory).toMatchObject({
      source: 'message',
      pinned: true,
      conversationId: id,
      messageId: userMessageId,
    });
    expect(typeof res.json.memory.conversationTitle).toBe('string');

    // Another conversation with Selene knows it, under what the user asked her to remember.
    await conversationWith('Guess where I am flying next week?');
    expect(lastSystemPrompt()).toContain(
      'What this user asked you to remember:\n- My sister Maya lives in Lisbon.',
    );
    // Edited, the prompt says the new text; deleted, nothing.
    await user.put(`/api/memories/${res.json.memory.id}`, { content: 'Maya moved to Porto.' });
    await conversationWith('Any news?');
    expect(lastSystemPrompt()).toContain('- Maya moved to Porto.');
    expect(lastSystemPrompt()).not.toContain('Lisbon');
    await user.delete(`/api/memories/${res.json.memory.id}`);
    await conversationWith('And now?');
    expect(lastSystemPrompt()).not.toContain('Maya');
    // Another character does not know what Selene was told.
    await user.post(`/api/characters/${characterId}/memories`, { content: 'Secret for Selene.' });
    await conversationWith('Hello Nova', otherCharacterId);
    expect(lastSystemPrompt()).not.toContain('Secret for Selene');
  });

  it('refuses a message or conversation that does not match', async () => {
    const a = await conversationWith('First line');
    const b = await conversationWith('Second line');
    const post = (body: object) =>
      user.post(`/api/characters/${characterId}/memories`, { content: 'x', ...body });
    expect((await post({ messageId: a.userMessageId, conversationId: b.id })).status).toBe(404);
    const nova = await conversationWith('Hi Nova', otherCharacterId);
    const wrong = await post({ conversationId: nova.id });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('That conversation is with another character.');
    expect((await post({ messageId: 2_000_000_000 })).status).toBe(404);
  });

  it('never shows or touches another user’s memories', async () => {
    const mine = (
      await user.post(`/api/characters/${characterId}/memories`, { content: 'Private fact' })
    ).json.memory.id;
    const { userMessageId } = await conversationWith('Private message');
    expect((await stranger.get(`/api/characters/${characterId}/memories`)).status).toBe(404);
    expect(
      (await stranger.post(`/api/characters/${characterId}/memories`, { content: 'x' })).status,
    ).toBe(404);
    expect((await stranger.put(`/api/memories/${mine}`, { content: 'Hijacked' })).status).toBe(404);
    expect((await stranger.delete(`/api/memories/${mine}`)).status).toBe(404);
    // Their own character cannot point at this user's message.
    const theirs = (await stranger.post('/api/characters', { ...selene, name: 'Mira' })).json.id;
    const pointed = await stranger.post(`/api/characters/${theirs}/memories`, {
      content: 'x',
      messageId: userMessageId,
    });
    expect(pointed.status).toBe(404);
    expect((await memories()).find((m) => m.id === mine)?.content).toBe('Private fact');
    expect((await user.get('/api/characters/abc/memories')).status).toBe(404);
  });

  it('forgets what was learned in a deleted conversation, or keeps it unlinked when asked', async () => {
    const kept = await conversationWith('I play the cello.');
    const keptMemory = (
      await user.post(`/api/characters/${characterId}/memories`, {
        content: 'Plays the cello.',
        messageId: kept.userMessageId,
      })
    ).json.memory.id;
    const forgotten = await conversationWith('I hate olives.');
    await user.post(`/api/characters/${characterId}/memories`, {
      content: 'Hates olives.',
      messageId: forgotten.userMessageId,
    });

    expect((await user.delete(`/api/conversations/${kept.id}?forget=false`)).status).toBe(200);
    expect((await user.delete(`/api/conversations/${forgotten.id}`)).status).toBe(200);
    const left = await memories();
    expect(left.find((m) => m.id === keptMemory)).toMatchObject({
      content: 'Plays the cello.',
      conversationId: null,
      messageId: null,
      conversationTitle: null,
    });
    expect(left.some((m) => m.content === 'Hates olives.')).toBe(false);
    expect((await user.delete(`/api/conversations/999999?forget=maybe`)).status).toBe(400);
  });

  it('makes a summary once: one the user deleted is not made again', async () => {
    const { id } = await conversationWith('Let us talk about sailing.');
    llm.script({ content: 'Riley loves sailing.' });
    expect((await user.post(`/api/conversations/${id}/summarize`)).status).toBe(200);
    const summary = (await memories()).find(
      (m) => m.source === 'summary' && m.conversationId === id,
    )!;
    expect(summary.content).toBe('Riley loves sailing.');
    expect(summary.pinned).toBe(false);
    await user.delete(`/api/memories/${summary.id}`);
    // Both pass 10 messages: only the conversation never summarised gets a summary (the jobs
    // run: the control shows it), the one whose summary the user deleted does not.
    const control = await conversationWith('Let us talk about trains.');
    for (let i = 0; i < 5; i++) {
      await user.post('/api/chat', { message: `m${i}`, conversationId: id });
      await user.post('/api/chat', { message: `m${i}`, conversationId: control.id });
    }
    await expect
      .poll(async () => (await memories()).some((m) => m.conversationId === control.id), {
        timeout: 10_000,
      })
      .toBe(true);
    expect((await memories()).some((m) => m.conversationId === id)).toBe(false);
  });

  it('goes with its character, and says when a character remembers too much', async () => {
    const temp = (await user.post('/api/characters', { ...selene, name: 'Brief' })).json.id;
    await t.database.db.insert(memory).values(
      Array.from({ length: MEMORY_LIMITS.perCharacter }, (_, i) => ({
        userId,
        characterId: temp,
        source: 'manual' as const,
        content: `fact ${i}`,
      })),
    );
    const full = await user.post(`/api/characters/${temp}/memories`, { content: 'one more' });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe(MEMORIES_FULL);
    expect((await user.delete(`/api/characters/${temp}`)).status).toBe(200);
    const rows = await t.database.db.select().from(memory).where(eq(memory.characterId, temp));
    expect(rows).toEqual([]);
  });
});

describe('which memories the next reply carries (inPrompt)', () => {
  /** A 4k window: the memories' share (a quarter) holds about 18 of the ones below. */
  let small: TestApp;
  let owner: TestClient;
  let ownerId: string;
  beforeAll(async () => {
    small = await startTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
      LLM_CONTEXT_TOKENS: '4096',
    });
    owner = await small.signedInUser('many-memories@example.com');
    ownerId = (await owner.get('/api/auth/get-session')).json.user.id;
    await owner.get('/api/get-credits');
    await small.database.db.update(creditAccount).set({ credits: 100 });
  });
  afterAll(() => small.close());

  /** `count` memories of about fifty tokens, sharing no word with the chat below. */
  const many = (charId: number, pinned: boolean, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      userId: ownerId,
      characterId: charId,
      source: 'manual' as const,
      pinned,
      content: `${pinned ? 'Pinned' : 'Loose'} ${String(i).padStart(2, '0')}: ${'Quill prefers violet ink on parchment scrolls. '.repeat(5).trim()}`,
    }));

  it('says which fit the memories’ share: pinned ones first, the unpinned ones after', async () => {
    const charId = (await owner.post('/api/characters', selene)).json.id as number;
    const id = (
      await owner.post('/api/conversations', { characterId: charId, chatMode: 'texting' })
    ).json.id as number;
    expect(
      (await owner.post('/api/chat', { message: 'Hi there', conversationId: id })).status,
    ).toBe(200);
    await small.database.db.insert(memory).values(many(charId, false, 20));
    await small.database.db.insert(memory).values(many(charId, true, 20));
    // This conversation's own summary: its prompt has its messages instead (and it takes no room).
    await small.database.db.insert(memory).values({
      userId: ownerId,
      characterId: charId,
      source: 'summary',
      conversationId: id,
      content: 'They said hello.',
    });

    const listed = (await memories(charId, owner)).filter((m) => m.source !== 'summary');
    const pinned = listed.filter((m) => m.pinned);
    const loose = listed.filter((m) => !m.pinned);
    const carriedPinned = pinned.filter((m) => m.inPrompt).length;
    const carriedLoose = loose.filter((m) => m.inPrompt).length;
    // The pinned ones have more room than the others, and neither list fits whole.
    expect(carriedPinned).toBeGreaterThan(carriedLoose);
    expect(carriedPinned).toBeLessThan(pinned.length);
    expect(carriedLoose).toBeGreaterThan(0);
    expect(carriedLoose).toBeLessThan(loose.length);
    // Newest first, as the prompt reads them.
    expect(pinned.slice(0, carriedPinned).every((m) => m.inPrompt)).toBe(true);
    expect((await memories(charId, owner)).find((m) => m.source === 'summary')?.inPrompt).toBe(
      true,
    );

    // The next reply carries exactly those.
    expect((await owner.post('/api/chat', { message: 'Tell me', conversationId: id })).status).toBe(
      200,
    );
    const system = lastSystemPrompt();
    for (const m of listed) expect(system.includes(m.content), m.content).toBe(m.inPrompt);
    expect(system).not.toContain('They said hello.');

    // A new pinned memory fits (the newest pinned first) and pushes the oldest carried one out.
    const oldestCarried = pinned[carriedPinned - 1]!;
    const added = await owner.post(`/api/characters/${charId}/memories`, {
      content: pinned[0]!.content.replace('Pinned 00', 'Pinned 99'),
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.memory.inPrompt).toBe(true);
    const after = await memories(charId, owner);
    expect(after.find((m) => m.id === oldestCarried.id)?.inPrompt).toBe(false);
    // Pinning one that did not fit answers where it stands now: the newest pinned, carried.
    const left = loose.find((m) => !m.inPrompt)!;
    const pinnedNow = await owner.put(`/api/memories/${left.id}`, { pinned: true });
    expect(pinnedNow.status, pinnedNow.text).toBe(200);
    expect(pinnedNow.json.memory).toMatchObject({ pinned: true, inPrompt: true });
  });

  it('is the owner’s alone', async () => {
    const charId = (await owner.post('/api/characters', selene)).json.id as number;
    const other = await small.signedInUser('curious@example.com');
    const res = await other.get(`/api/characters/${charId}/memories`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.any(String) });
  });
});
