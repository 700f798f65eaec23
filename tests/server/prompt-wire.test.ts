import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue 46, as the model's server receives it (decision 0052): the order of the turns, the
 * reminder right before the newest user message, Continue as an assistant prefill, the stop at
 * the user's name, each mode's length cap, and a window too small refused in one line.
 */

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let characterId: number;

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
  greetings: ['*looks up from her notebook* Oh, {{user}}. The tea is still warm.'],
};

interface Turn {
  role: string;
  content: string;
}
const lastChat = () => llm.requests.filter((r) => r.body?.stream).at(-1)!.body;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  user = await t.signedInUser('wire@example.com');
  await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
  const created = await user.post('/api/characters', character);
  expect(created.status, created.text).toBe(201);
  characterId = created.json.id;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t?.close();
  await llm.stop();
});

async function newConversation(chatMode: string) {
  const res = await user.post('/api/conversations', { characterId, chatMode });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

describe('the request a reply sends', () => {
  it('texting: the greeting, the reminder before the newest message, a stop at the user', async () => {
    const id = await newConversation('texting');
    llm.script({ content: 'hey you 😊' });
    const res = await user.post('/api/chat', { message: 'Hello Selene', conversationId: id });
    expect(res.status, res.text).toBe(200);

    const body = lastChat();
    const turns = body.messages as Turn[];
    expect(turns[0]!.role).toBe('system');
    expect(turns.at(-1)).toEqual({ role: 'user', content: 'Hello Selene' });
    expect(turns.at(-2)!.role).toBe('system');
    expect(turns.at(-2)!.content).toMatch(/^Reminder: Selene texts Riley back/);
    expect(turns.at(-2)!.content).toContain("Write only Selene's part, never Riley's.");
    expect(turns.at(-3)).toEqual({
      role: 'assistant',
      content: '*looks up from her notebook* Oh, Riley. The tea is still warm.',
    });
    expect(body.stop).toEqual(['\nRiley:']);
    expect(body.max_tokens).toBe(300);
  });

  it('Story Mode: its own length cap, the narration’s point of view', async () => {
    const id = await newConversation('immersive');
    llm.script({ content: 'Rain drums on the glass as Selene turns.' });
    const res = await user.post('/api/immersive-chat', {
      message: 'I climb the stairs',
      conversationId: id,
    });
    expect(res.status, res.text).toBe(200);
    const body = lastChat();
    const turns = body.messages as Turn[];
    expect(body.max_tokens).toBe(700);
    expect(turns[0]!.content).toContain('Selene is written in the third person, by name');
    expect(turns.at(-2)!.content).toMatch(/stop before Riley acts/);
    expect(turns.at(-1)).toEqual({ role: 'user', content: 'I climb the stairs' });
  });

  it('Continue ends with the partial reply as an assistant prefill', async () => {
    const id = await newConversation('texting');
    llm.script({ content: 'Shall I compare thee' });
    const first = await user.post('/api/chat', { message: 'Recite', conversationId: id });
    expect(first.status, first.text).toBe(200);
    llm.script({ content: 'to a summer’s day?' });
    const res = await user.post(`/api/messages/${first.json.messageId}/continue`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Shall I compare thee to a summer’s day?');

    const turns = lastChat().messages as Turn[];
    expect(turns.at(-1)).toEqual({ role: 'assistant', content: 'Shall I compare thee' });
    expect(turns.at(-2)).toEqual({ role: 'user', content: 'Recite' });
    expect(turns.at(-3)!.content).toMatch(/^Reminder: /);
    expect(JSON.stringify(turns)).not.toMatch(/Continue your last message/);
  });
});

describe('a window too small for the prompt and its reply', () => {
  it('answers 503 in one line and takes no credit', async () => {
    const small = await startTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
      LLM_CONTEXT_TOKENS: '1024',
    });
    try {
      const c = await small.signedInUser('small-window@example.com');
      const charId = (await c.post('/api/characters', character)).json.id;
      const id = (
        await c.post('/api/conversations', { characterId: charId, chatMode: 'immersive' })
      ).json.id;
      const credits = async () => (await c.get('/api/get-credits')).json.credits as number;
      const before = await credits();
      const calls = llm.requests.length;
      const res = await c.post('/api/immersive-chat', { message: 'I wait', conversationId: id });
      expect(res.status).toBe(503);
      expect(res.json.message).toMatch(
        /^LLM_CONTEXT_TOKENS is too small for this character's prompt and a reply: it is 1024, and about \d+ are needed\.$/,
      );
      expect(await credits()).toBe(before);
      expect(llm.requests.length).toBe(calls);
    } finally {
      await small.close();
    }
  });
});
