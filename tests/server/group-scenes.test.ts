/**
 * Group scenes, their first part (issue 51): a conversation with 2 to 5 of the user's own
 * characters (POST /api/conversations { characterIds }), whose first character's greeting opens
 * it; the scene's characters in its detail and in the list; 'Here now' (PUT …/present); and every
 * message written keeping who was present (what a character's prompt will be limited to).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../src/server/db/schema';
import { GROUP_SCENE_MESSAGES } from '../../src/shared/chat/rules';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

async function character(c: TestClient, name: string, greetings: string[] = []) {
  const res = await c.post('/api/characters', {
    name,
    description: `${name}, a sailor in her thirties.`,
    gender: 'female',
    personality: 'Bold, loud and loyal.',
    ...(greetings.length ? { greetings } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

describe('group scenes', () => {
  it('starts with its characters, the first one greeting, and lists them in order', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy, {{user}}!']);
    const bea = await character(c, 'Bea');
    const cyd = await character(c, 'Cyd');
    const started = await c.post('/api/conversations', {
      characterIds: [ada, bea, cyd],
      chatMode: 'texting',
    });
    expect(started.status, started.text).toBe(201);
    const id = started.json.id as number;

    const detail = await c.get(`/api/conversations/${id}`);
    expect(detail.json).toMatchObject({
      characterId: ada,
      characterIds: [ada, bea, cyd],
      members: [
        { characterId: ada, present: true },
        { characterId: bea, present: true },
        { characterId: cyd, present: true },
      ],
    });
    const thread = await c.get(`/api/conversations/${id}/messages`);
    expect(thread.json).toHaveLength(1);
    expect(thread.json[0]).toMatchObject({ sender: 'ai', speakerId: ada });
    expect(thread.json[0].content).toContain('Ahoy');

    const list = await c.get('/api/conversations');
    expect(list.json.find((s: { id: number }) => s.id === id).characterIds).toEqual([
      ada,
      bea,
      cyd,
    ]);
    // A conversation with one character says nothing of scenes.
    const single = await c.post('/api/conversations', { characterId: bea, chatMode: 'texting' });
    const one = await c.get(`/api/conversations/${single.json.id}`);
    expect(one.json.members).toBeUndefined();
    expect(one.json.characterIds).toBeUndefined();
  });

  it('refuses a scene of the wrong size, a character twice, or one that is not the user’s', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada');
    const bea = await character(c, 'Bea');
    const start = (body: object) => c.post('/api/conversations', { chatMode: 'texting', ...body });
    expect((await start({ characterIds: [ada] })).json.message).toBe(GROUP_SCENE_MESSAGES.size);
    const six = [ada, bea, ada + 1000, ada + 1001, ada + 1002, ada + 1003];
    expect((await start({ characterIds: six })).json.message).toBe(GROUP_SCENE_MESSAGES.size);
    expect((await start({ characterIds: [ada, ada] })).json.message).toBe(
      GROUP_SCENE_MESSAGES.twice,
    );
    const both = await start({ characterId: ada, characterIds: [ada, bea] });
    expect([both.status, both.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.oneOrTheOther]);
    const stranger = await t.signedInUser();
    const theirs = await character(stranger, 'Dee');
    expect((await start({ characterIds: [ada, theirs] })).status).toBe(404);
  });

  it('says who is here now, and each message keeps who was present', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada');
    const bea = await character(c, 'Bea');
    const id = (
      await c.post('/api/conversations', { characterIds: [ada, bea], chatMode: 'texting' })
    ).json.id as number;
    const out = await c.put(`/api/conversations/${id}/present`, { characterIds: [bea] });
    expect(out.status, out.text).toBe(200);
    expect(out.json.members).toEqual([
      { characterId: ada, present: false },
      { characterId: bea, present: true },
    ]);
    const sent = await c.post('/api/assistant', { conversationId: id, message: 'Where is Ada?' });
    expect(sent.status, sent.text).toBe(200);
    const rows = await t.database.db
      .select({ sender: message.sender, present: message.present })
      .from(message)
      .where(eq(message.conversationId, id))
      .orderBy(asc(message.id));
    expect(rows).toEqual([
      { sender: 'user', present: [bea] },
      { sender: 'ai', present: [bea] },
    ]);

    const refuse = async (body: object) => c.put(`/api/conversations/${id}/present`, body);
    expect((await refuse({ characterIds: [] })).json.message).toBe(GROUP_SCENE_MESSAGES.nobodyHere);
    expect((await refuse({ characterIds: [ada + 5000] })).json.message).toBe(
      GROUP_SCENE_MESSAGES.notInScene,
    );
    const single = await c.post('/api/conversations', { characterId: ada, chatMode: 'texting' });
    const notScene = await c.put(`/api/conversations/${single.json.id}/present`, {
      characterIds: [ada],
    });
    expect([notScene.status, notScene.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notGroup]);
    const stranger = await t.signedInUser();
    expect(
      (await stranger.put(`/api/conversations/${id}/present`, { characterIds: [bea] })).status,
    ).toBe(404);
  });
});
