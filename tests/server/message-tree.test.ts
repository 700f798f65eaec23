/**
 * A conversation's messages form a tree (decision 0022): regenerate any reply, branch from any
 * message, switch between branches, continue a reply, delete a message with what followed it.
 * The history (GET …/messages) is always the active path, each message with its place among its
 * alternatives.
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
let stranger: TestClient;
let characterId: number;

interface Shown {
  id: number;
  content: string;
  sender: 'user' | 'ai';
  parentId: number | null;
  siblingIndex: number;
  siblingCount: number;
  siblingIds: number[];
}

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  user = await t.signedInUser('brancher@example.com');
  stranger = await t.signedInUser('stranger@example.com');
  // Plenty of credits: this file sends more messages than the free plan holds.
  await user.get('/api/get-credits'); // the account is opened on first use
  await t.database.db.update(creditAccount).set({ credits: 1000 });
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

async function newConversation() {
  const res = await user.post('/api/conversations', { characterId, chatMode: 'texting' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** Sends a message (optionally after `parentId`) and returns the reply's ids. */
async function send(conversationId: number, text: string, reply: string, parentId?: number) {
  llm.script({ content: reply });
  const res = await user.post('/api/chat', { message: text, conversationId, parentId });
  expect(res.status, res.text).toBe(200);
  return res.json as { messageId: number; userMessageId: number; message: string };
}

async function history(conversationId: number, query = '') {
  const res = await user.get(`/api/conversations/${conversationId}/messages${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Shown[];
}

const contents = (messages: Shown[]) => messages.map((m) => m.content);

describe('the message tree', () => {
  it('links each message to the one it follows, one alternative each', async () => {
    const id = await newConversation();
    const first = await send(id, 'Hello', 'Hi there');
    const second = await send(id, 'How are you?', 'Well, thank you');
    const shown = await history(id);
    expect(contents(shown)).toEqual(['Hello', 'Hi there', 'How are you?', 'Well, thank you']);
    expect(shown.map((m) => m.parentId)).toEqual([
      null,
      first.userMessageId,
      first.messageId,
      second.userMessageId,
    ]);
    expect(shown.every((m) => m.siblingIndex === 1 && m.siblingCount === 1)).toBe(true);
  });

  it('regenerates an earlier reply as a new alternative, and switches back to the old branch', async () => {
    const id = await newConversation();
    const first = await send(id, 'Tell me a secret', 'The moon is made of verses');
    await send(id, 'Another?', 'Stars are commas');
    const before = await credits();

    llm.script({ content: 'I keep a lighthouse in my pocket' });
    const res = await user.post(`/api/messages/${first.messageId}/regenerate`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      message: 'I keep a lighthouse in my pocket',
      userMessageId: first.userMessageId,
    });
    expect(await credits()).toBe(before - 1);
    // The model was asked the same question, without the later turns.
    const sent = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(sent).toContain('Tell me a secret');
    expect(sent).not.toContain('Another?');
    expect(sent).not.toContain('The moon is made of verses');

    let shown = await history(id);
    expect(contents(shown)).toEqual(['Tell me a secret', 'I keep a lighthouse in my pocket']);
    expect(shown[1]).toMatchObject({ siblingIndex: 2, siblingCount: 2 });
    const listed = (await user.get('/api/conversations')).json.find(
      (c: { id: number }) => c.id === id,
    );
    expect(listed.lastMessage).toBe('I keep a lighthouse in my pocket');

    // A third alternative, then back to the first: its branch continues where it left off.
    llm.script({ content: 'Poems hide in teacups' });
    await user.post(`/api/messages/${first.messageId}/regenerate`);
    expect((await history(id))[1]).toMatchObject({ siblingIndex: 3, siblingCount: 3 });
    const back = await user.put(`/api/conversations/${id}/active-leaf`, {
      messageId: first.messageId,
    });
    expect(back.status, back.text).toBe(200);
    shown = await history(id);
    expect(contents(shown)).toEqual([
      'Tell me a secret',
      'The moon is made of verses',
      'Another?',
      'Stars are commas',
    ]);
    expect(back.json.activeLeafId).toBe(shown.at(-1)!.id);
    expect(shown[1]).toMatchObject({ siblingIndex: 1, siblingCount: 3 });
    // The switcher's '›': the second alternative, by the id the history names.
    expect(shown[1]!.siblingIds[0]).toBe(first.messageId);
    await user.put(`/api/conversations/${id}/active-leaf`, { messageId: shown[1]!.siblingIds[1] });
    expect(contents(await history(id))).toEqual([
      'Tell me a secret',
      'I keep a lighthouse in my pocket',
    ]);
  });

  it('streams a regenerated reply like any reply', async () => {
    const id = await newConversation();
    const first = await send(id, 'Sing', 'La la');
    llm.script({ content: 'Do re mi' });
    const res = await fetch(`${t.url}/api/messages/${first.messageId}/regenerate`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', cookie: user.cookieHeader, origin: t.url },
    });
    const text = await res.text();
    expect(text).toMatch(
      /^event: accepted\nid: 0\.0\ndata: \{"userMessageId":\d+,"replyId":"[\w-]+"\}/,
    );
    expect(text).toContain('event: done');
    expect(contents(await history(id))).toEqual(['Sing', 'Do re mi']);
  });

  it('gives the credit back when a regenerate fails', async () => {
    const id = await newConversation();
    const first = await send(id, 'Hi', 'Hello');
    const before = await credits();
    llm.script({ status: 503, body: 'overloaded' });
    const res = await user.post(`/api/messages/${first.messageId}/regenerate`);
    expect(res.status).toBe(502);
    expect(await credits()).toBe(before);
    expect(contents(await history(id))).toEqual(['Hi', 'Hello']);
  });

  it('refuses to regenerate a message of the user', async () => {
    const id = await newConversation();
    const first = await send(id, 'Hi', 'Hello');
    const res = await user.post(`/api/messages/${first.userMessageId}/regenerate`);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Only a reply to a message can be regenerated.');
  });

  it('branches from an earlier message (an edit saved as a new branch) and keeps the old one', async () => {
    const id = await newConversation();
    const first = await send(id, 'Where shall we go?', 'The sea');
    const second = await send(id, 'Why the sea?', 'Because it listens');
    const branched = await send(id, 'Why not the hills?', 'Hills are quieter', first.messageId);
    let shown = await history(id);
    expect(contents(shown)).toEqual([
      'Where shall we go?',
      'The sea',
      'Why not the hills?',
      'Hills are quieter',
    ]);
    expect(shown[2]).toMatchObject({
      parentId: first.messageId,
      siblingIndex: 2,
      siblingCount: 2,
    });
    // The model saw the branch's history, not the other one's.
    const sent = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(sent).not.toContain('Why the sea?');

    await user.put(`/api/conversations/${id}/active-leaf`, { messageId: second.userMessageId });
    shown = await history(id);
    expect(contents(shown).slice(2)).toEqual(['Why the sea?', 'Because it listens']);
    // The branch is still there to go back to.
    await user.put(`/api/conversations/${id}/active-leaf`, { messageId: branched.userMessageId });
    expect(contents(await history(id)).at(-1)).toBe('Hills are quieter');
  });

  it('continues a reply that stopped short, for one credit', async () => {
    const id = await newConversation();
    const first = await send(id, 'Recite', 'Shall I compare thee');
    const before = await credits();
    llm.script({ content: 'to a summer’s day?' });
    const res = await user.post(`/api/messages/${first.messageId}/continue`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      messageId: first.messageId,
      message: 'Shall I compare thee to a summer’s day?',
    });
    expect(await credits()).toBe(before - 1);
    // The partial reply ends the prompt, an assistant prefill the model goes on from.
    const sent = llm.requests.at(-1)!.body.messages;
    expect(sent.at(-1)).toEqual({ role: 'assistant', content: 'Shall I compare thee' });
    expect(sent.at(-2)).toEqual({ role: 'user', content: 'Recite' });
    expect(contents(await history(id))).toEqual([
      'Recite',
      'Shall I compare thee to a summer’s day?',
    ]);
  });

  it('deletes a message with everything after it, and reads the branch that is left', async () => {
    const id = await newConversation();
    const first = await send(id, 'One', 'Two');
    await send(id, 'Three', 'Four');
    const branched = await send(id, 'Three, again', 'Four, again', first.messageId);
    const res = await user.delete(`/api/messages/${branched.userMessageId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.deleted).toBe(2);
    const shown = await history(id);
    expect(contents(shown)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(res.json.activeLeafId).toBe(shown.at(-1)!.id);
    expect(shown[2]).toMatchObject({ siblingIndex: 1, siblingCount: 1 });
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    expect(detail.message_count).toBe(4);

    // Deleting the first message empties the conversation.
    const all = await user.delete(`/api/messages/${shown[0]!.id}`);
    expect(all.json).toEqual({ deleted: 4, activeLeafId: null });
    expect(await history(id)).toEqual([]);
  });

  it('pages along the active path', async () => {
    const id = await newConversation();
    const first = await send(id, 'a', 'b');
    await send(id, 'c', 'd');
    await send(id, 'e', 'f');
    await send(id, 'C', 'D', first.messageId);
    await send(id, 'E', 'F');
    const lastTwo = await history(id, '?limit=2');
    expect(contents(lastTwo)).toEqual(['E', 'F']);
    const older = await history(id, `?limit=3&before=${lastTwo[0]!.id}`);
    expect(contents(older)).toEqual(['b', 'C', 'D']);
  });
});

describe("another user's messages", () => {
  it('are not found by any tree action', async () => {
    const id = await newConversation();
    const first = await send(id, 'Private', 'Yes');
    const theirs = await stranger.post('/api/conversations', {
      characterId: (
        await stranger.post('/api/characters', {
          name: 'Orin',
          description: 'A quiet lighthouse keeper.',
          gender: 'male',
          personality: 'Calm and kind.',
        })
      ).json.id,
      chatMode: 'texting',
    });
    const before = await credits();
    for (const res of [
      await stranger.post(`/api/messages/${first.messageId}/regenerate`),
      await stranger.post(`/api/messages/${first.messageId}/continue`),
      await stranger.delete(`/api/messages/${first.messageId}`),
      await stranger.put(`/api/conversations/${theirs.json.id}/active-leaf`, {
        messageId: first.messageId,
      }),
      await stranger.put(`/api/conversations/${id}/active-leaf`, { messageId: first.messageId }),
      await stranger.post('/api/chat', {
        message: 'hijack',
        conversationId: theirs.json.id,
        parentId: first.messageId,
      }),
    ]) {
      expect(res.status, res.text).toBe(404);
    }
    expect(await credits()).toBe(before);
    expect(contents(await history(id))).toEqual(['Private', 'Yes']);
  });

  it('cannot be mixed into another conversation of the same user', async () => {
    const a = await newConversation();
    const b = await newConversation();
    const inA = await send(a, 'In A', 'Reply A');
    const res = await user.put(`/api/conversations/${b}/active-leaf`, { messageId: inA.messageId });
    expect(res.status).toBe(404);
    llm.script({ content: 'x' });
    const sent = await user.post('/api/chat', {
      message: 'x',
      conversationId: b,
      parentId: inA.messageId,
    });
    expect(sent.status).toBe(404);
  });
});

describe('greetings: the character speaks first', () => {
  let greeter: number;
  beforeAll(async () => {
    await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
    const res = await user.post('/api/characters', {
      name: 'Nova',
      description: 'A retired starship pilot, forty and fearless.',
      gender: 'female',
      personality: 'Bold and warm; tells stories of the outer colonies.',
      greetings: [
        'Hey {{user}}, Nova here.',
        '   ',
        '{{char}} waves at {{ USER }} from the hangar.',
      ],
    });
    expect(res.status, res.text).toBe(201);
    greeter = res.json.id;
  });

  const startWith = async (body: Record<string, unknown>) => {
    const res = await user.post('/api/conversations', { characterId: greeter, ...body });
    expect(res.status, res.text).toBe(201);
    return res.json.id as number;
  };

  it('keeps the greetings without blank ones, and refuses too many or too long', async () => {
    const got = await user.get(`/api/characters/${greeter}`);
    expect(got.json.greetings).toEqual([
      'Hey {{user}}, Nova here.',
      '{{char}} waves at {{ USER }} from the hangar.',
    ]);
    // The list stays light: one character's chat reads them.
    const listed = (await user.get('/api/characters')).json.find(
      (c: { id: number }) => c.id === greeter,
    );
    expect(listed).not.toHaveProperty('greetings');
    const tooMany = await user.put(`/api/characters/${greeter}`, {
      greetings: ['1', '2', '3', '4', '5', '6'],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toBe('A character can have at most 5 greetings.');
    const tooLong = await user.put(`/api/characters/${greeter}`, { greetings: ['x'.repeat(2001)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe('Each greeting must be at most 2000 characters.');
  });

  it('refuses a greeting that makes the character a minor', async () => {
    const res = await user.put(`/api/characters/${greeter}`, {
      greetings: ['Hi! I am 15 years old and just started high school.'],
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/adults/i);
    expect((await user.get(`/api/characters/${greeter}`)).json.greetings).toHaveLength(2);
  });

  it('opens a chat with the greetings as the first message’s alternatives, names filled in, at no cost', async () => {
    const before = await credits();
    const id = await startWith({ chatMode: 'texting' });
    const shown = await history(id);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      sender: 'ai',
      parentId: null,
      content: 'Hey Riley, Nova here.',
      siblingIndex: 1,
      siblingCount: 2,
    });
    expect(await credits()).toBe(before);
    const listed = (await user.get('/api/conversations')).json.find(
      (c: { id: number }) => c.id === id,
    );
    expect(listed).toMatchObject({
      title: 'New conversation',
      lastMessage: 'Hey Riley, Nova here.',
    });

    // Swipe to the other greeting, then answer it: the reply's prompt starts with that greeting.
    const other = shown[0]!.siblingIds[1]!;
    expect(
      (await user.put(`/api/conversations/${id}/active-leaf`, { messageId: other })).status,
    ).toBe(200);
    expect(contents(await history(id))).toEqual(['Nova waves at Riley from the hangar.']);
    await send(id, 'Hi Nova!', 'Welcome aboard.');
    const prompt = llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
    // (Between them, the reminder: a system message.)
    const turns = prompt.filter((m) => m.role !== 'system').map((m) => [m.role, m.content]);
    expect(turns.slice(-2)).toEqual([
      ['assistant', 'Nova waves at Riley from the hangar.'],
      ['user', 'Hi Nova!'],
    ]);
    expect(contents(await history(id))).toEqual([
      'Nova waves at Riley from the hangar.',
      'Hi Nova!',
      'Welcome aboard.',
    ]);
    const titled = (await user.get(`/api/conversations/${id}`)).json;
    expect(titled.title).toBe('Hi Nova!');
  });

  it('starts with the greeting asked for, and with its first when that one is gone', async () => {
    expect(contents(await history(await startWith({ chatMode: 'texting', greeting: 1 })))).toEqual([
      'Nova waves at Riley from the hangar.',
    ]);
    expect(contents(await history(await startWith({ chatMode: 'texting', greeting: 4 })))).toEqual([
      'Hey Riley, Nova here.',
    ]);
    const bad = await user.post('/api/conversations', {
      characterId: greeter,
      chatMode: 'texting',
      greeting: -1,
    });
    expect(bad.status).toBe(400);
  });

  it('does not greet in Assistant mode, which opens with the user’s own question', async () => {
    expect(await history(await startWith({ chatMode: 'assistant' }))).toEqual([]);
  });

  it('does not greet in Story Mode, which opens with its scene', async () => {
    expect(await history(await startWith({ chatMode: 'immersive' }))).toEqual([]);
  });

  it('cannot regenerate a greeting (nothing asked for it), but a reply to it can be', async () => {
    const id = await startWith({ chatMode: 'texting' });
    const [greeting] = await history(id);
    const res = await user.post(`/api/messages/${greeting!.id}/regenerate`);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Only a reply to a message can be regenerated.');
  });
});

describe('story mode follows the branch', () => {
  // A user of its own: the replies above used up the per-minute allowance of the first.
  let teller: TestClient;
  let narrator: number;
  beforeAll(async () => {
    teller = await t.signedInUser('storyteller@example.com');
    await teller.get('/api/get-credits');
    await t.database.db.update(creditAccount).set({ credits: 1000 });
    narrator = (
      await teller.post('/api/characters', {
        name: 'Mara',
        description: 'A keeper of old lighthouses, in her fifties.',
        gender: 'female',
        personality: 'Calm, wry, and full of sea stories.',
      })
    ).json.id;
  });
  const scene = async (id: number, idea: string, text: string) => {
    llm.script({ content: text });
    const res = await teller.post(`/api/conversations/${id}/generate-scenario`, { message: idea });
    expect(res.status, res.text).toBe(200);
  };
  const options = async (id: number, ...choices: string[]) => {
    llm.script({
      content: JSON.stringify({ options: choices.map((option, i) => ({ number: i + 1, option })) }),
    });
    const res = await teller.post('/api/generate-options', { conversationId: id });
    expect(res.status, res.text).toBe(200);
  };
  const story = async (id: number) => {
    const { scenario, currentOptions, title } = (await teller.get(`/api/conversations/${id}`)).json;
    return {
      scenario,
      title,
      options: (currentOptions as { option: string }[]).map((o) => o.option),
    };
  };
  const sendStory = async (id: number, text: string, reply: string, parentId?: number | null) => {
    llm.script({ content: reply });
    const res = await teller.post('/api/immersive-chat', {
      message: text,
      conversationId: id,
      parentId,
    });
    expect(res.status, res.text).toBe(200);
    return res.json as { messageId: number; userMessageId: number };
  };

  it('keeps each branch’s options and scene, and the title follows the branch', async () => {
    const res = await teller.post('/api/conversations', {
      characterId: narrator,
      chatMode: 'immersive',
    });
    const id = res.json.id as number;
    await scene(id, 'a lighthouse', 'The storm hits the lighthouse.');
    const first = await sendStory(id, 'Climb the lighthouse', 'You climb.');
    await options(id, 'Light the lamp', 'Look out to sea', 'Ring the bell', 'Wait');
    expect(await story(id)).toEqual({
      scenario: 'The storm hits the lighthouse.',
      title: 'Climb the lighthouse',
      options: ['Light the lamp', 'Look out to sea', 'Ring the bell', 'Wait'],
    });

    // A new version of the reply: its own options; the old ones stay with the old version.
    llm.script({ content: 'You slip on the stairs.' });
    expect((await teller.post(`/api/messages/${first.messageId}/regenerate`)).status).toBe(200);
    expect((await story(id)).options).toEqual([]);
    await options(id, 'Get up', 'Call for help', 'Crawl', 'Rest');
    await teller.put(`/api/conversations/${id}/active-leaf`, { messageId: first.messageId });
    expect((await story(id)).options).toEqual([
      'Light the lamp',
      'Look out to sea',
      'Ring the bell',
      'Wait',
    ]);

    // A new opening (the first message edited as a new branch) with a scene of its own.
    await scene(id, 'a desert', 'Sand to the horizon.');
    await sendStory(id, 'Walk into the desert', 'The sun burns.', null);
    await options(id, 'Find water', 'Follow the tracks', 'Dig', 'Shelter');
    expect(await story(id)).toEqual({
      scenario: 'Sand to the horizon.',
      title: 'Walk into the desert',
      options: ['Find water', 'Follow the tracks', 'Dig', 'Shelter'],
    });
    const sent = (await teller.get(`/api/conversations/${id}/messages`)).json as Shown[];
    expect(sent[0]!.siblingCount).toBe(2);

    // Back to the lighthouse: its scene, title and options come back, and the model reads them.
    await teller.put(`/api/conversations/${id}/active-leaf`, { messageId: first.userMessageId });
    expect(await story(id)).toEqual({
      scenario: 'The storm hits the lighthouse.',
      title: 'Climb the lighthouse',
      options: ['Get up', 'Call for help', 'Crawl', 'Rest'],
    });
    await sendStory(id, 'Light the lamp', 'The lamp glows.');
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).toContain(
      'The storm hits the lighthouse.',
    );
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).not.toContain('Sand to the horizon');
  });
});
