import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditAccount } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 46 part 3: a conversation that remembers itself. What falls out of a small window is
 * summarised by a neutral note-taker (with the summary before it) into a rolling summary per
 * branch, which the next prompts carry as "Earlier in this conversation"; the summary across
 * conversations is written again as a conversation grows.
 */

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let characterId: number;

const NOTES = 'You keep notes';
let notesWritten = 0;

interface Turn {
  role: string;
  content: string;
}
type Body = { messages: Turn[]; stream?: boolean };
const chats = () => llm.requests.filter((r) => r.body?.stream).map((r) => r.body as Body);
const noteRequests = () =>
  llm.requests
    .map((r) => r.body as Body | undefined)
    .filter((b) => b?.messages?.[0]?.content.startsWith(NOTES) && !isMemorySummary(b));
const isMemorySummary = (b: Body) => b.messages.at(-1)!.content.includes('in at most 80 words');
const memorySummaries = () =>
  llm.requests
    .map((r) => r.body as Body | undefined)
    .filter((b) => b?.messages && isMemorySummary(b));

beforeAll(async () => {
  llm = await startLlmDouble();
  t = await startTestApp(
    // A small window: a few long messages fill it.
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b', LLM_CONTEXT_TOKENS: '3600' },
    { jobs: true },
  );
});
/**
 * A user of their own for each test (a test sends more messages a minute than one user may),
 * named Riley, with a character and plenty of credits.
 */
beforeEach(async () => {
  user = await t.signedInUser();
  await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
  const created = await user.post('/api/characters', {
    name: 'Selene',
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently and quotes poetry.',
  });
  expect(created.status, created.text).toBe(201);
  characterId = created.json.id;
  await user.get('/api/get-credits'); // the account is opened on first use
  await t.database.db.update(creditAccount).set({ credits: 1000 });
  llm.reset();
  notesWritten = 0;
  answerAgeReviewsAsAdult(llm);
  llm.respondWith((_endpoint, body: Body) => {
    if (!body?.messages?.[0]?.content.startsWith(NOTES)) return { content: 'Mm, go on.' };
    if (isMemorySummary(body)) return { content: 'Riley and Selene talked.' };
    notesWritten++;
    return { content: `NOTES-${notesWritten}` };
  });
});
afterAll(async () => {
  await t?.close();
  await llm.stop();
});

/** About 500 tokens of English that says which message it is. */
const longMessage = (n: number) =>
  `Message ${n}: ` + `I walked along the harbour at dusk and counted the lanterns. `.repeat(40);

async function newConversation() {
  const res = await user.post('/api/conversations', { characterId, chatMode: 'texting' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function say(id: number, message: string, parentId?: number | null) {
  const res = await user.post('/api/chat', { message, conversationId: id, parentId });
  expect(res.status, res.text).toBe(200);
  return res.json as { messageId: number; userMessageId: number };
}

const summariesOf = async (id: number) =>
  (
    await t.database.db.execute<{ through: string | number; content: string }>(sql`
      select through_message_id as through, content from conversation_summary
       where conversation_id = ${id} order by through_message_id`)
  ).rows.map((r) => ({ through: Number(r.through), content: r.content }));

describe('a rolling summary of what left the window', () => {
  it('summarises the dropped messages with a neutral note-taker and puts them in the prompt', async () => {
    const id = await newConversation();
    const sent: number[] = [];
    for (let n = 1; n <= 6; n++) sent.push((await say(id, longMessage(n))).userMessageId);
    // The first messages no longer fit: their summary is written in the background.
    await expect.poll(() => summariesOf(id), { timeout: 10_000 }).toHaveLength(1);
    const first = noteRequests()[0]!;
    // Neutral: no role-play rules, the user by their name, the character by hers.
    expect(first.messages[0]!.content).toContain('between Riley (a real person) and Selene');
    expect(first.messages[0]!.content).not.toContain('stay in character');
    expect(first.messages.at(-1)!.content).toContain('Riley: Message 1:');
    expect(first.messages.at(-1)!.content).not.toContain('The notes so far');

    // The next reply carries it, and still the newest messages word for word.
    await say(id, 'Do you remember the harbour?');
    const system = chats().at(-1)!.messages[0]!.content;
    expect(system).toContain('Earlier in this conversation:\nNOTES-1');
    expect(JSON.stringify(chats().at(-1)!.messages)).not.toContain('Message 1:');

    // Later, what falls out after it is added to it: the previous notes go in with the new lines.
    for (let n = 7; n <= 40 && noteRequests().length < 2; n++) {
      await say(id, longMessage(n));
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect.poll(() => noteRequests().length, { timeout: 10_000 }).toBe(2);
    const second = noteRequests()[1]!.messages.at(-1)!.content;
    expect(second).toContain('The notes so far:\nNOTES-1');
    expect(second).not.toContain('Message 1:');
    await expect.poll(async () => (await summariesOf(id)).length).toBe(2);
    await say(id, 'And now?');
    expect(chats().at(-1)!.messages[0]!.content).toContain(
      'Earlier in this conversation:\nNOTES-2',
    );
  });

  it('keeps a group scene’s summaries per character, each of only what it witnessed', async () => {
    const mara = await user.post('/api/characters', {
      name: 'Mara',
      description: 'A harbour pilot who reads the tides.',
      gender: 'female',
      personality: 'Dry, exact and kind underneath it.',
    });
    const started = await user.post('/api/conversations', {
      characterIds: [characterId, mara.json.id],
      chatMode: 'texting',
    });
    const id = started.json.id as number;
    const sayTo = async (speakerId: number, message: string) => {
      const res = await user.post('/api/chat', { message, conversationId: id, speakerId });
      expect(res.status, res.text).toBe(200);
    };
    const presence = (ids: number[]) =>
      user.put(`/api/conversations/${id}/present`, { characterIds: ids });
    const summariesBy = async (who: number) =>
      (
        await t.database.db.execute<{ content: string }>(sql`
          select content from conversation_summary
           where conversation_id = ${id} and character_id = ${who}`)
      ).rows;
    const notesFor = (name: string) =>
      noteRequests().filter((b) => b!.messages[0]!.content.includes(`and ${name} (a fictional`));

    // Mara is away for the first two messages; then she is back for the rest.
    await presence([characterId]);
    for (let n = 1; n <= 2; n++) await sayTo(characterId, longMessage(n));
    await presence([characterId, mara.json.id]);
    for (let n = 3; n <= 8; n++) await sayTo(mara.json.id, longMessage(n));
    await expect.poll(() => summariesBy(mara.json.id), { timeout: 10_000 }).not.toHaveLength(0);
    const maraNotes = JSON.stringify(notesFor('Mara').map((b) => b!.messages));
    expect(maraNotes).toContain('Riley: Message 3:');
    expect(maraNotes).not.toContain('Message 1:');
    expect(maraNotes).not.toContain('Message 2:');
    // Her next prompt carries her own summary; the conversation has none of its own.
    await sayTo(mara.json.id, 'Do you remember the harbour?');
    expect(chats().at(-1)!.messages[0]!.content).toMatch(
      /Earlier in this conversation:\nNOTES-\d/u,
    );
    expect(await summariesBy(0)).toEqual([]);

    // Selene witnessed it all: her summary, when her window overflows, starts at message 1.
    await sayTo(characterId, 'And you, Selene?');
    await expect.poll(() => summariesBy(characterId), { timeout: 10_000 }).not.toHaveLength(0);
    expect(JSON.stringify(notesFor('Selene').map((b) => b!.messages))).toContain(
      'Riley: Message 1:',
    );
    // Deleting Mara deletes her summaries of the scene; Selene's stay with it.
    expect((await user.delete(`/api/characters/${mara.json.id}`)).status).toBe(200);
    expect(await summariesBy(mara.json.id)).toEqual([]);
    expect(await summariesBy(characterId)).not.toHaveLength(0);
  });

  it('keeps each branch to its own summary, and forgets one that read an edited message', async () => {
    const id = await newConversation();
    const sent: { messageId: number; userMessageId: number }[] = [];
    for (let n = 1; n <= 6; n++) sent.push(await say(id, longMessage(n)));
    await expect.poll(() => summariesOf(id), { timeout: 10_000 }).toHaveLength(1);
    await say(id, 'Still there?');
    expect(chats().at(-1)!.messages[0]!.content).toContain('NOTES-1');

    // A new branch from the second message: its path does not run through the summary's message.
    await say(id, 'Let us go another way.', sent[1]!.messageId);
    expect(chats().at(-1)!.messages[0]!.content).not.toContain('Earlier in this conversation');

    // Back on the first branch, the first message edited in place: the summary that read it goes.
    const [summary] = await summariesOf(id);
    const leaf = await user.put(`/api/conversations/${id}/active-leaf`, {
      messageId: summary!.through,
    });
    expect(leaf.status, leaf.text).toBe(200);
    const edit = await user.put(`/api/messages/${sent[0]!.userMessageId}/edit`, {
      content: 'Message 1, told differently.',
      conversationId: id,
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await summariesOf(id)).toEqual([]);
  });

  it('is in the account export, and goes with the conversation', async () => {
    const id = await newConversation();
    for (let n = 1; n <= 6; n++) await say(id, longMessage(n));
    await expect.poll(() => summariesOf(id), { timeout: 10_000 }).toHaveLength(1);
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['reverie-export.json']!));
    const summaries = data.conversationSummaries as { conversationId: number }[];
    expect(summaries.some((s) => s.conversationId === id)).toBe(true);
    expect((await user.delete(`/api/conversations/${id}`)).status).toBe(200);
    expect(await summariesOf(id)).toEqual([]);
  });
});

describe('the summary across conversations', () => {
  it('is written again as the conversation grows, with the user named, unless it was deleted', async () => {
    const id = await newConversation();
    for (let n = 1; n <= 6; n++) await say(id, `short ${n}`);
    await expect.poll(() => memorySummaries().length, { timeout: 10_000 }).toBe(1);
    expect(memorySummaries()[0]!.messages[0]!.content).toContain('Riley');
    expect(memorySummaries()[0]!.messages.at(-1)!.content).toContain('Riley: short 1');
    // Twenty messages later (ten exchanges), it is written again.
    for (let n = 7; n <= 16; n++) await say(id, `short ${n}`);
    await expect.poll(() => memorySummaries().length, { timeout: 10_000 }).toBe(2);

    // The user deletes it: it is not made again, however long the conversation grows.
    const memories = (await user.get(`/api/characters/${characterId}/memories`)).json.memories as {
      id: number;
      conversationId: number | null;
      source: string;
    }[];
    const mine = memories.find((m) => m.source === 'summary' && m.conversationId === id)!;
    expect((await user.delete(`/api/memories/${mine.id}`)).status).toBe(200);
    for (let n = 17; n <= 27; n++) await say(id, `short ${n}`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(memorySummaries()).toHaveLength(2);
    const after = (await user.get(`/api/characters/${characterId}/memories`)).json.memories as {
      conversationId: number | null;
      source: string;
    }[];
    expect(after.some((m) => m.source === 'summary' && m.conversationId === id)).toBe(false);
  });
});
