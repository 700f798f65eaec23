/**
 * Group scenes' replies (issue 51): who speaks (asked for, named, or the model's choice), what
 * each speaker's prompt carries (only the messages of the times it was present, its own
 * definition, lorebook and memories, `{{char}}` as itself, who else is here), credits per reply,
 * a character's turn without a message, versions and branches that keep their speaker, and
 * memories kept per character. The stand-in model records every prompt.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_SCENE_MESSAGES } from '../../src/shared/chat/rules';
import { ADULTS_ONLY_PAUSED_MESSAGE } from '../../src/shared/safety/rules';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { creditsOf, userWithCredits } from './support/credits';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult, requestsFor } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;

beforeAll(async () => {
  llm = await startLlmDouble();
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});

/** A character whose definition carries a word no other character's has. */
async function character(c: TestClient, name: string, greetings: string[] = []) {
  const res = await c.post('/api/characters', {
    name,
    description: `${name} keeps the mark ${name.toUpperCase()}-DEFINITION. {{char}} sails.`,
    gender: 'female',
    personality: 'Bold, loud and loyal.',
    ...(greetings.length ? { greetings } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function scene(c: TestClient, ids: number[], chatMode = 'texting') {
  const res = await c.post('/api/conversations', { characterIds: ids, chatMode });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** The reply prompts the model was streamed (not the JSON side calls), in order. */
const replyPrompts = () =>
  llm.requests
    .filter((r) => r.body?.stream && !r.body?.response_format)
    .map((r) => r.body.messages as { role: string; content: string }[]);
const systemOf = (prompt: { role: string; content: string }[]) => prompt[0]!.content;
const textOf = (prompt: { role: string; content: string }[]) =>
  prompt.map((m) => m.content).join('\n');

async function thread(c: TestClient, id: number) {
  const res = await c.get(`/api/conversations/${id}/messages`);
  expect(res.status, res.text).toBe(200);
  return res.json as { id: number; sender: string; content: string; speakerId?: number }[];
}

describe('group scene replies', () => {
  it('gives each speaker only what it witnessed, and only its own definition, lore and memories', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy, {{user}}! I am {{char}}.']);
    const bea = await character(c, 'Bea');
    const cyd = await character(c, 'Cyd');
    const lore = { keys: ['treasure'], content: 'BEA-LORE: the treasure lies under the mast.' };
    const saved = await c.put(`/api/characters/${bea}/lorebook`, {
      lorebook: { name: 'Bea’s book', entries: [lore] },
    });
    expect(saved.status, saved.text).toBe(200);
    const memory = await c.post(`/api/characters/${cyd}/memories`, {
      content: 'CYD-MEMORY: the user once saved Cyd from a storm.',
    });
    expect(memory.status, memory.text).toBe(201);
    const id = await scene(c, [ada, bea, cyd]);

    // Cyd steps out; the user tells Bea a secret.
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada, bea] });
    llm.script({ content: 'BEA-REPLY: I will keep it, captain.' });
    const secret = await c.post('/api/chat', {
      conversationId: id,
      message: 'SECRET-WHILE-AWAY: where is the treasure?',
      speakerId: bea,
    });
    expect(secret.status, secret.text).toBe(200);
    expect(secret.json.speakerId).toBe(bea);
    const [beaPrompt] = replyPrompts();
    expect(systemOf(beaPrompt!)).toContain('BEA-DEFINITION');
    expect(systemOf(beaPrompt!)).toContain('BEA-LORE');
    expect(systemOf(beaPrompt!)).toContain('Bea sails'); // {{char}} is itself
    expect(systemOf(beaPrompt!)).toMatch(/Here now with Bea and .*: Ada\./u);
    for (const other of ['ADA-DEFINITION', 'CYD-DEFINITION', 'CYD-MEMORY', 'Ada sails']) {
      expect(textOf(beaPrompt!)).not.toContain(other);
    }
    // Ada's greeting is another character's line: labelled with her name, as the user's turn.
    expect(beaPrompt).toContainEqual({
      role: 'user',
      content: expect.stringMatching(/^Ada: Ahoy/u),
    });

    // Cyd comes back and is addressed by name: it never reads what was said while it was away.
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada, bea, cyd] });
    llm.reset();
    answerAgeReviewsAsAdult(llm);
    const back = await c.post('/api/chat', {
      conversationId: id,
      message: 'Welcome back, @Cyd. What did you miss?',
    });
    expect(back.status, back.text).toBe(200);
    expect(back.json.speakerId).toBe(cyd);
    expect(requestsFor(llm, 'next_speaker')).toHaveLength(0); // named: no need to ask
    const [cydPrompt] = replyPrompts();
    const cydText = textOf(cydPrompt!);
    expect(cydText).toContain('CYD-DEFINITION');
    expect(cydText).toContain('CYD-MEMORY');
    expect(cydText).toContain('What did you miss?');
    expect(cydText).toContain('Ahoy'); // Cyd was there for the greeting
    for (const unseen of ['SECRET-WHILE-AWAY', 'BEA-REPLY', 'BEA-LORE', 'BEA-DEFINITION']) {
      expect(cydText).not.toContain(unseen);
    }
    // Nobody else's text is Cyd's own: its prompt has no assistant turn from another speaker.
    expect(cydPrompt!.filter((m) => m.role === 'assistant')).toEqual([]);

    const messages = await thread(c, id);
    expect(messages.map((m) => [m.sender, m.speakerId])).toEqual([
      ['ai', ada],
      ['user', undefined],
      ['ai', bea],
      ['user', undefined],
      ['ai', cyd],
    ]);
  });

  it('refuses a speaker who is not in the scene or not here, before anything is charged', async () => {
    const { c } = await userWithCredits(t, 5);
    const ada = await character(c, 'Ada');
    const bea = await character(c, 'Bea');
    const stranger = await character(c, 'Eve');
    const id = await scene(c, [ada, bea]);
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada] });
    const send = (speakerId: number) =>
      c.post('/api/chat', { conversationId: id, message: 'Hello there', speakerId });
    const notIn = await send(stranger);
    expect([notIn.status, notIn.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notInScene]);
    const away = await send(bea);
    expect([away.status, away.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notHere]);
    const turnAway = await c.post(`/api/conversations/${id}/turn`, { speakerId: bea });
    expect([turnAway.status, turnAway.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notHere]);
    const single = await c.post('/api/conversations', { characterId: ada, chatMode: 'texting' });
    const notScene = await c.post('/api/chat', {
      conversationId: single.json.id,
      message: 'Hello',
      speakerId: ada,
    });
    expect([notScene.status, notScene.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notGroup]);
    const turnAlone = await c.post(`/api/conversations/${single.json.id}/turn`, {});
    expect([turnAlone.status, turnAlone.json.message]).toEqual([
      400,
      GROUP_SCENE_MESSAGES.notGroup,
    ]);
    expect(await creditsOf(c)).toBe(5);
    expect(await thread(c, id)).toHaveLength(0); // no greetings, and nothing stored
    const other = await t.signedInUser();
    expect((await other.post(`/api/conversations/${id}/turn`, {})).status).toBe(404);
  });

  it('lets the model choose who answers, costs a credit a reply, and lets two talk', async () => {
    const { c } = await userWithCredits(t, 10);
    const ada = await character(c, 'Ada', ['Ahoy!']);
    const bea = await character(c, 'Bea');
    const id = await scene(c, [ada, bea]);
    llm.answerSchema('next_speaker', { content: JSON.stringify({ speaker: 'Bea' }) });
    llm.script({ content: 'Bea answers.' });
    const chosen = await c.post('/api/chat', { conversationId: id, message: 'Anyone there?' });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json).toMatchObject({ speakerId: bea, message: 'Bea answers.' });
    const [asked] = requestsFor(llm, 'next_speaker');
    expect(JSON.stringify(asked!.body.messages)).toContain('Ada, Bea');
    expect(JSON.stringify(asked!.body.messages)).toContain('Anyone there?');
    expect(await creditsOf(c)).toBe(9);

    // A model that names nobody here: the one who spoke least recently answers (Ada, not Bea).
    llm.answerSchema('next_speaker', { content: JSON.stringify({ speaker: 'Zed' }) });
    const fallback = await c.post('/api/chat', { conversationId: id, message: 'And now?' });
    expect(fallback.json.speakerId).toBe(ada);
    expect(await creditsOf(c)).toBe(8);

    // 'Let them talk': two turns, one each, after the end of the history.
    llm.script({ content: 'Ada turns to Bea.' }, { content: 'Bea turns to Ada.' });
    const first = await c.post(`/api/conversations/${id}/turn`, { speakerId: ada });
    expect(first.status, first.text).toBe(200);
    const second = await c.post(`/api/conversations/${id}/turn`, { speakerId: bea });
    expect(second.status, second.text).toBe(200);
    expect(await creditsOf(c)).toBe(6);
    const messages = await thread(c, id);
    expect(messages.slice(-2).map((m) => [m.content, m.speakerId])).toEqual([
      ['Ada turns to Bea.', ada],
      ['Bea turns to Ada.', bea],
    ]);
    // Bea hears Ada's turn as Ada's line, and her own earlier reply as her own.
    const beaPrompt = replyPrompts().at(-1)!;
    expect(beaPrompt.at(-1)).toEqual({ role: 'user', content: 'Ada: Ada turns to Bea.' });
    expect(beaPrompt).toContainEqual({ role: 'assistant', content: 'Bea answers.' });

    // Out of credits: refused, nothing stored.
    const { c: broke } = await userWithCredits(t, 0);
    const x = await character(broke, 'Xia', ['Hi.']);
    const y = await character(broke, 'Yun');
    const poor = await scene(broke, [x, y]);
    expect((await broke.post(`/api/conversations/${poor}/turn`, {})).status).toBe(403);
  });

  it('keeps a version’s speaker unless another is asked for, on every branch', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy!']);
    const bea = await character(c, 'Bea');
    const id = await scene(c, [ada, bea]);
    llm.script({ content: 'Bea, first.' });
    const sent = await c.post('/api/chat', { conversationId: id, message: 'Hi', speakerId: bea });
    const replyId = sent.json.messageId as number;
    llm.script({ content: 'Bea, again.' });
    const again = await c.post(`/api/messages/${replyId}/regenerate`);
    expect(again.status, again.text).toBe(200);
    expect(again.json.speakerId).toBe(bea);
    llm.script({ content: 'Ada, instead.' });
    const instead = await c.post(`/api/messages/${replyId}/regenerate`, { speakerId: ada });
    expect(instead.json.speakerId).toBe(ada);
    expect(systemOf(replyPrompts().at(-1)!)).toContain('ADA-DEFINITION');

    let messages = await thread(c, id);
    const last = messages.at(-1)! as unknown as { siblingIds: number[]; speakerId: number };
    expect(last.speakerId).toBe(ada);
    expect(last.siblingIds).toHaveLength(3);
    // Back to the first version: its speaker is still Bea.
    const back = await c.put(`/api/conversations/${id}/active-leaf`, { messageId: replyId });
    expect(back.status, back.text).toBe(200);
    messages = await thread(c, id);
    expect([messages.at(-1)!.content, messages.at(-1)!.speakerId]).toEqual(['Bea, first.', bea]);

    // Continue goes on as the same speaker.
    llm.script({ content: 'and more from Bea.' });
    const more = await c.post(`/api/messages/${replyId}/continue`);
    expect(more.status, more.text).toBe(200);
    expect(more.json.speakerId).toBe(bea);
    expect(systemOf(replyPrompts().at(-1)!)).toContain('BEA-DEFINITION');

    // A branch from the greeting with Bea out of the scene: Ada answers, Bea's branch unseen.
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada] });
    const greeting = messages[0]!.id;
    llm.script({ content: 'Ada on the new branch.' });
    const branch = await c.post('/api/chat', {
      conversationId: id,
      message: 'Just us',
      parentId: greeting,
    });
    expect(branch.json.speakerId).toBe(ada);
    expect(textOf(replyPrompts().at(-1)!)).not.toContain('Bea, first.');
  });

  it('keeps each character’s memory of a scene to what it witnessed', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy!']);
    const bea = await character(c, 'Bea');
    const id = await scene(c, [ada, bea]);
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada] });
    await c.post('/api/chat', { conversationId: id, message: 'ONLY-ADA-KNOWS this.' });
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada, bea] });
    llm.script({ content: 'Welcome, Bea.' });
    await c.post('/api/chat', { conversationId: id, message: 'Bea joins us.', speakerId: ada });

    llm.reset();
    llm.respondWith((_endpoint, body) => {
      const text = JSON.stringify(body.messages);
      return { content: text.includes('ONLY-ADA-KNOWS') ? 'Ada’s notes.' : 'Bea’s notes.' };
    });
    const summarized = await c.post(`/api/conversations/${id}/summarize`);
    expect(summarized.status, summarized.text).toBe(200);
    expect(summarized.json.summary).toBe('Ada’s notes.');
    const memoriesOf = async (who: number) =>
      ((await c.get(`/api/characters/${who}/memories`)).json.memories as { content: string }[]).map(
        (m) => m.content,
      );
    expect(await memoriesOf(ada)).toEqual(['Ada’s notes.']);
    expect(await memoriesOf(bea)).toEqual(['Bea’s notes.']);
    const beaSummary = llm.requests.find((r) =>
      JSON.stringify(r.body.messages).includes('Bea joins us'),
    );
    expect(beaSummary).toBeDefined();
    expect(
      llm.requests.filter((r) => !JSON.stringify(r.body.messages).includes('ONLY-ADA-KNOWS')),
    ).toHaveLength(1);
    llm.respondWith(undefined);
  });

  it('lets a Story Mode scene move characters in and out', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy!']);
    const bea = await character(c, 'Bea');
    const cyd = await character(c, 'Cyd');
    const id = await scene(c, [ada, bea, cyd], 'immersive');
    await c.put(`/api/conversations/${id}/present`, { characterIds: [ada, bea] });
    llm.script({
      content: 'Ada waves Bea off to the hold.\n(Bea leaves the scene)\n(Cyd enters the scene)',
    });
    const moved = await c.post('/api/immersive-chat', {
      conversationId: id,
      message: 'I look around the deck.',
      chatMode: 'immersive',
      speakerId: ada,
    });
    expect(moved.status, moved.text).toBe(200);
    // Ada was told how to say it, and who is away.
    expect(systemOf(replyPrompts()[0]!)).toContain('(Name leaves the scene)');
    expect(systemOf(replyPrompts()[0]!)).toContain('brings back one who is away (Cyd)');
    const detail = await c.get(`/api/conversations/${id}`);
    expect(detail.json.members).toEqual([
      { characterId: ada, present: true },
      { characterId: bea, present: false },
      { characterId: cyd, present: true },
    ]);
    // A story that would leave nobody here changes nothing.
    llm.script({ content: 'Everyone goes.\n(Ada leaves the scene)\n(Cyd leaves the scene)' });
    await c.post('/api/immersive-chat', {
      conversationId: id,
      message: 'Night falls.',
      chatMode: 'immersive',
      speakerId: ada,
    });
    expect((await c.get(`/api/conversations/${id}`)).json.members).toEqual(detail.json.members);
  });

  it('keeps the AI notice, the crisis protocol and the adults-only rule', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada');
    const bea = await character(c, 'Bea');
    const cyd = await character(c, 'Cyd');
    const id = await scene(c, [ada, bea, cyd]);
    llm.script({ content: 'I am so glad you told me. Please call 988.' });
    const first = await c.post('/api/chat', {
      conversationId: id,
      message: 'honestly i want to kill myself tonight',
      speakerId: bea,
    });
    expect(first.status, first.text).toBe(200);
    const kinds = first.json.notices.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['ai-disclosure', 'crisis']);
    // The notice names every character of the scene.
    expect(first.json.notices[0].text).toContain('Ada, Bea and Cyd are AIs');
    expect(systemOf(replyPrompts()[0]!)).toContain('suicide or self-harm');

    const told = await c.post('/api/chat', {
      conversationId: id,
      message: "my mom says I can't be online after 10 because I'm 14",
    });
    expect([told.status, told.json.message]).toEqual([403, ADULTS_ONLY_PAUSED_MESSAGE]);
    const turn = await c.post(`/api/conversations/${id}/turn`);
    expect([turn.status, turn.json.message]).toEqual([403, ADULTS_ONLY_PAUSED_MESSAGE]);
  });

  it('goes on when one of its characters is deleted, its lines then a removed character’s', async () => {
    const c = await t.signedInUser();
    const ada = await character(c, 'Ada', ['Ahoy!']);
    const bea = await character(c, 'Bea');
    const id = await scene(c, [ada, bea]);
    llm.script({ content: 'BEA-LINE: the wind is turning.' });
    await c.post('/api/chat', { conversationId: id, message: 'Bea?', speakerId: bea });
    const gone = await c.delete(`/api/characters/${bea}`);
    expect(gone.status, gone.text).toBe(200);
    const detail = await c.get(`/api/conversations/${id}`);
    expect(detail.json.members).toEqual([{ characterId: ada, present: true }]);
    llm.script({ content: 'Ada alone.' });
    const next = await c.post('/api/chat', { conversationId: id, message: 'Who is left?' });
    expect(next.json.speakerId).toBe(ada);
    // (Consecutive lines of the user's turn reach the model as one message.)
    expect(textOf(replyPrompts().at(-1)!)).toContain(
      'A removed character: BEA-LINE: the wind is turning.',
    );
    const refused = await c.post('/api/chat', {
      conversationId: id,
      message: 'Hi',
      speakerId: bea,
    });
    expect([refused.status, refused.json.message]).toEqual([400, GROUP_SCENE_MESSAGES.notInScene]);
  });
});
