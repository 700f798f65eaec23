/**
 * Issue 46 part 8: Story Mode's opening scene and its suggested actions are written knowing who
 * the user is (their profile) and what the character remembers about them, as replies are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditAccount } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let characterId: number;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  user = await t.signedInUser('storyteller@example.com');
  await user.get('/api/get-credits');
  await t.database.db.update(creditAccount).set({ credits: 100 });
  expect(
    (await user.post('/api/user-profile', { name: 'Marisol', gender: 'Female' })).status,
  ).toBeLessThan(300);
  characterId = (
    await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    })
  ).json.id;
  const remembered = await user.post(`/api/characters/${characterId}/memories`, {
    content: 'Marisol is afraid of deep water.',
  });
  expect(remembered.status, remembered.text).toBe(201);
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

/** Everything the newest request to the model said, as one text. */
const lastRequestText = () => JSON.stringify(llm.requests.at(-1)!.body.messages);

describe('story mode knows the user', () => {
  it('writes the scene and the options with the profile and the memories', async () => {
    const id = (await user.post('/api/conversations', { characterId, chatMode: 'immersive' })).json
      .id as number;
    llm.script({ content: 'The boat rocks under a silver moon.' });
    const scene = await user.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'a night on a boat',
    });
    expect(scene.status, scene.text).toBe(200);
    expect(lastRequestText()).toContain('Marisol');
    expect(lastRequestText()).toContain('Marisol is afraid of deep water.');

    llm.script({
      content: JSON.stringify({
        options: ['Hold the rail', 'Look at the stars', 'Ask her a question', 'Sing softly'],
      }),
    });
    const options = await user.post('/api/generate-options', { conversationId: id });
    expect(options.status, options.text).toBe(200);
    expect(options.json.options).toHaveLength(4);
    const request = llm.requests.at(-1)!.body;
    expect(request.response_format.type).toBe('json_schema');
    const system = request.messages[0].content as string;
    expect(system).toContain('Marisol');
    expect(system).toContain('Marisol is afraid of deep water.');
  });

  it('still answers 404 for a conversation that is not the user’s', async () => {
    const stranger = await t.signedInUser('stranger-story@example.com');
    const id = (await user.post('/api/conversations', { characterId, chatMode: 'immersive' })).json
      .id as number;
    expect((await stranger.post('/api/generate-options', { conversationId: id })).status).toBe(404);
    expect(
      (await stranger.post(`/api/conversations/${id}/generate-scenario`, { message: 'x' })).status,
    ).toBe(404);
  });
});
