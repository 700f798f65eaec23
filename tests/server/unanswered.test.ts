/**
 * Messages typed while out of credits (issue 45, defect 9): kept on the server, so another tab or
 * browser shows them too, in their thread only, until sent again; never anyone else's; moved into
 * the conversation once it exists; gone with the conversation, the character or the account, and
 * in the account's export.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNANSWERED_PER_THREAD } from '../../src/shared/unanswered/contract';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let stranger: TestClient;
let characterId: number;

const selene = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  user = await t.signedInUser('unanswered@example.com');
  stranger = await t.signedInUser('unanswered-stranger@example.com');
  characterId = (await user.post('/api/characters', selene)).json.id;
});

afterAll(async () => {
  await t?.close();
  await llm?.stop();
});

const thread = (client: TestClient, characterId: number, conversationId?: number) =>
  client.get(
    `/api/unanswered?characterId=${characterId}${conversationId ? `&conversationId=${conversationId}` : ''}`,
  );

describe('messages typed while out of credits', () => {
  it('are kept for the new conversation, then move into it when it is created', async () => {
    const kept = await user.post('/api/unanswered', {
      characterId,
      content: '  Are you still there?  ',
      afterId: 0,
    });
    expect(kept.status).toBe(201);
    expect(kept.json).toMatchObject({ content: 'Are you still there?', conversationId: null });

    // Another browser of the same account sees it.
    const otherBrowser = t.client();
    const signIn = await otherBrowser.post('/api/auth/sign-in/email', {
      email: 'unanswered@example.com',
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect((await thread(otherBrowser, characterId)).json.messages).toEqual([
      expect.objectContaining({ content: 'Are you still there?' }),
    ]);

    const conversation = await user.post('/api/conversations', {
      characterId,
      chatMode: 'texting',
    });
    const moved = await user.post('/api/unanswered/move', {
      characterId,
      conversationId: conversation.json.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.json.messages).toEqual([
      expect.objectContaining({
        content: 'Are you still there?',
        conversationId: conversation.json.id,
      }),
    ]);
    expect((await thread(user, characterId)).json.messages).toEqual([]);
    expect((await thread(user, characterId, conversation.json.id)).json.messages).toHaveLength(1);

    // Sent again: forgotten.
    const id = moved.json.messages[0].id;
    expect((await user.delete(`/api/unanswered/${id}`)).status).toBe(200);
    expect((await thread(user, characterId, conversation.json.id)).json.messages).toEqual([]);
    expect((await user.delete(`/api/unanswered/${id}`)).status).toBe(404);
  });

  it('are never another user’s to read, add to or delete', async () => {
    const conversation = await user.post('/api/conversations', {
      characterId,
      chatMode: 'texting',
    });
    const mine = await user.post('/api/unanswered', {
      characterId,
      conversationId: conversation.json.id,
      content: 'Only mine',
      afterId: 0,
    });
    expect(mine.status).toBe(201);
    const read = await thread(stranger, characterId, conversation.json.id);
    expect(read.status).toBe(404);
    expect(read.json.message).toBe('Conversation not found');
    expect(
      (
        await stranger.post('/api/unanswered', {
          characterId,
          conversationId: conversation.json.id,
          content: 'Planted',
          afterId: 0,
        })
      ).status,
    ).toBe(404);
    expect((await stranger.delete(`/api/unanswered/${mine.json.id}`)).status).toBe(404);
    expect((await thread(user, characterId, conversation.json.id)).json.messages).toHaveLength(1);
    // A conversation of another character of the same user is not this thread either.
    const other = (await user.post('/api/characters', { ...selene, name: 'Ines' })).json.id;
    expect((await thread(user, other, conversation.json.id)).status).toBe(404);
  });

  it('refuse an empty or overlong message, and a thread past its limit', async () => {
    const empty = await user.post('/api/unanswered', { characterId, content: '   ', afterId: 0 });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain('Type a message first.');

    const conversation = await user.post('/api/conversations', {
      characterId,
      chatMode: 'texting',
    });
    const body = (n: number) => ({
      characterId,
      conversationId: conversation.json.id,
      content: `Hello ${n}`,
      afterId: 0,
    });
    for (let n = 0; n < UNANSWERED_PER_THREAD; n++) {
      expect((await user.post('/api/unanswered', body(n))).status).toBe(201);
    }
    const over = await user.post('/api/unanswered', body(99));
    expect(over.status).toBe(409);
    expect(over.json.message).toContain(`${UNANSWERED_PER_THREAD} unanswered messages`);
  });

  it('go with their conversation, and are in the account export', async () => {
    const conversation = await user.post('/api/conversations', {
      characterId,
      chatMode: 'texting',
    });
    const kept = await user.post('/api/unanswered', {
      characterId,
      conversationId: conversation.json.id,
      content: 'Remember the lamp',
      afterId: 0,
    });
    expect(kept.status).toBe(201);
    const response = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(exported.unansweredMessages).toEqual(
      expect.arrayContaining([expect.objectContaining({ content: 'Remember the lamp' })]),
    );

    expect((await user.delete(`/api/conversations/${conversation.json.id}`)).status).toBe(200);
    expect((await user.delete(`/api/unanswered/${kept.json.id}`)).status).toBe(404);
  });
});
