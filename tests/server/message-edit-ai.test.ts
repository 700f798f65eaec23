/**
 * Editing a character's reply (issue 45): its text is replaced in place, at no cost and without
 * the model, only by its owner; the next reply's prompt reads the edited text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditAccount, feedback } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let stranger: TestClient;
let characterId: number;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  user = await t.signedInUser('reply-editor@example.com');
  stranger = await t.signedInUser('someone-else@example.com');
  await user.get('/api/get-credits'); // the account is opened on first use
  await t.database.db.update(creditAccount).set({ credits: 100 });
  characterId = (
    await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    })
  ).json.id;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

const credits = async () => (await user.get('/api/get-credits')).json.credits as number;

async function newConversation(chatMode = 'texting') {
  const res = await user.post('/api/conversations', { characterId, chatMode });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function send(conversationId: number, text: string, reply: string, path = '/api/chat') {
  llm.script({ content: reply });
  const res = await user.post(path, { message: text, conversationId });
  expect(res.status, res.text).toBe(200);
  return res.json as { messageId: number; userMessageId: number };
}

async function history(conversationId: number) {
  const res = await user.get(`/api/conversations/${conversationId}/messages`);
  expect(res.status, res.text).toBe(200);
  return res.json as { id: number; content: string; sender: string; siblingCount: number }[];
}

/** The chat turns the model was last sent (the system prompt left out). */
const lastPromptTurns = () =>
  (llm.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter(
    (m) => m.role !== 'system',
  );

describe('editing a character’s reply', () => {
  it('replaces the reply’s text in place, costs nothing and asks no model', async () => {
    const id = await newConversation();
    const sent = await send(id, 'What do you see?', '*smiles* The moon, obviously.');
    const before = await credits();
    const asked = llm.requests.length;

    const res = await user.put(`/api/messages/${sent.messageId}/edit`, {
      content: '  The moon, and you.  ',
      conversationId: id,
      characterId,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id: sent.messageId,
      sender: 'ai',
      content: 'The moon, and you.',
    });

    const shown = await history(id);
    expect(shown.map((m) => m.content)).toEqual(['What do you see?', 'The moon, and you.']);
    // The same message, not a new version of it.
    expect(shown[1]).toMatchObject({ id: sent.messageId, siblingCount: 1 });
    expect((await user.get(`/api/conversations/${id}`)).json.lastMessage).toBe(
      'The moon, and you.',
    );
    expect(await credits()).toBe(before);
    expect(llm.requests.length).toBe(asked);
  });

  it('sends the edited text, not the model’s, in the next prompt', async () => {
    const id = await newConversation();
    const first = await send(id, 'Tell me a secret', 'I hate poetry, honestly.');
    await user.put(`/api/messages/${first.messageId}/edit`, {
      content: 'I keep a lighthouse in my pocket.',
    });

    await send(id, 'Show me', 'It glows.');
    const turns = lastPromptTurns();
    expect(turns.slice(-3)).toEqual([
      { role: 'user', content: 'Tell me a secret' },
      { role: 'assistant', content: 'I keep a lighthouse in my pocket.' },
      { role: 'user', content: 'Show me' },
    ]);
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).not.toContain('I hate poetry');
  });

  it('answers 404 for another user’s reply or another conversation, leaving the text as it was', async () => {
    const id = await newConversation();
    const sent = await send(id, 'Hello', 'Hello, stranger.');
    const theirs = await stranger.put(`/api/messages/${sent.messageId}/edit`, {
      content: 'Hijacked',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe('Message not found');
    const elsewhere = await user.put(`/api/messages/${sent.messageId}/edit`, {
      content: 'Misplaced',
      conversationId: await newConversation(),
    });
    expect(elsewhere.status).toBe(404);
    expect((await history(id))[1]!.content).toBe('Hello, stranger.');
  });

  it('refuses an unchanged or empty text, and a signed-out request', async () => {
    const id = await newConversation();
    const sent = await send(id, 'Hi', 'Hi yourself.');
    const same = await user.put(`/api/messages/${sent.messageId}/edit`, {
      content: 'Hi yourself.',
    });
    expect(same.status).toBe(400);
    expect(same.json.message).toBe('The message has not changed.');
    const empty = await user.put(`/api/messages/${sent.messageId}/edit`, { content: '   ' });
    expect(empty.status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/messages/${sent.messageId}/edit`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ content: 'Nobody' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('edits a Story Mode reply, keeping the options made after it', async () => {
    const id = await newConversation('immersive');
    llm.script({ content: 'The storm hits the lighthouse.' });
    const scene = await user.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'a lighthouse',
    });
    expect(scene.status, scene.text).toBe(200);
    const sent = await send(id, 'Climb the stairs', 'You climb, and fall.', '/api/immersive-chat');
    const choices = ['Light the lamp', 'Look out to sea', 'Ring the bell', 'Wait'];
    llm.script({
      content: JSON.stringify({ options: choices.map((option, i) => ({ number: i + 1, option })) }),
    });
    expect((await user.post('/api/generate-options', { conversationId: id })).status).toBe(200);

    const res = await user.put(`/api/messages/${sent.messageId}/edit`, {
      content: 'You climb to the lamp room.',
    });
    expect(res.status, res.text).toBe(200);
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    expect(detail.scenario).toBe('The storm hits the lighthouse.');
    expect(detail.currentOptions.map((o: { option: string }) => o.option)).toEqual(choices);

    await send(id, 'Light the lamp', 'The beam sweeps the sea.', '/api/immersive-chat');
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).toContain(
      'You climb to the lamp room.',
    );
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).not.toContain('and fall');
  });

  it('marks a rating of an edited reply, or of one whose message was edited after it', async () => {
    const id = await newConversation();
    const sent = await send(id, 'Tell me a secret.', 'I never sleep.');
    const vote = () =>
      user.post('/api/feedback', { aiMessage: 'x', feedback: 'GOOD', messageId: sent.messageId });
    const row = async () =>
      (
        await t.database.db.select().from(feedback).where(eq(feedback.messageId, sent.messageId))
      )[0];

    expect((await vote()).status).toBe(201);
    expect(await row()).toMatchObject({ aiMessage: 'I never sleep.', edited: false });
    // The user rewrites the reply and rates it again: the words are theirs, and the row says so.
    await user.put(`/api/messages/${sent.messageId}/edit`, { content: 'I sleep all day.' });
    expect((await vote()).status).toBe(201);
    expect(await row()).toMatchObject({ aiMessage: 'I sleep all day.', edited: true });

    // A reply whose question was edited after it answered the old words.
    const second = await send(id, 'Where do you live?', 'By the sea.');
    await user.put(`/api/messages/${second.userMessageId}/edit`, {
      content: 'Where were you born?',
    });
    await user.post('/api/feedback', {
      aiMessage: 'x',
      feedback: 'BAD',
      messageId: second.messageId,
    });
    const [rated] = await t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.messageId, second.messageId));
    expect(rated).toMatchObject({ userMessage: 'Where were you born?', edited: true });
  });
});
