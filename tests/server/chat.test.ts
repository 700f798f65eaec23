import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUT_OF_CREDITS_MESSAGE } from '../../src/shared/chat/rules';
import { RATE_RULES } from '../../src/server/rate-rules';
import { conversation, creditAccount, feedback, message } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';
import { linkIntoLines } from './support/message-tree';
import { readEvents } from '../support/sse';

let t: TestApp;
let llm: LlmDouble;
let user: TestClient;
let userId: string;
let characterId: number;

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp(
    {
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b,rp-70b',
      STAFF_EMAILS: 'Staff@Example.com, lead@example.com',
      // Each test user signs up from an address of its own (support/test-app): this file needs
      // more users than one address may create.
      TRUST_PROXY: '127.0.0.1',
    },
    // Summaries after replies are queued jobs.
    { jobs: true },
  );
  user = await t.signedInUser('chatter@example.com');
  userId = (await user.get('/api/auth/get-session')).json.user.id;
  await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
  characterId = (await user.post('/api/characters', character)).json.id;
});
beforeEach(() => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
afterAll(async () => {
  await t.close();
  await llm.stop();
});

async function newConversation(chatMode = 'texting', c: TestClient = user, charId = characterId) {
  const res = await c.post('/api/conversations', { characterId: charId, chatMode });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}
const credits = async (c: TestClient = user) =>
  (await c.get('/api/get-credits')).json.credits as number;
const setCredits = (n: number) =>
  t.database.db.update(creditAccount).set({ credits: n }).where(eq(creditAccount.userId, userId));

/** Sends a message asking for a streamed (Server-Sent Events) reply. */
const postForEvents = (path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: user.cookieHeader,
      origin: t.url,
    },
    body: JSON.stringify(body),
  });

describe('conversations', () => {
  it('creates with the default model, lists, reads and deletes', async () => {
    const id = await newConversation('immersive');
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    expect(detail).toMatchObject({
      id,
      characterId,
      chatMode: 'immersive',
      model: 'big-405b',
      scenario: null,
      currentOptions: [],
      title: 'New conversation',
    });
    expect(
      (await user.get('/api/conversations')).json.some((c: { id: number }) => c.id === id),
    ).toBe(true);
    expect((await user.delete(`/api/conversations/${id}`)).status).toBe(200);
    expect((await user.get(`/api/conversations/${id}`)).status).toBe(404);
  });

  it('treats unknown modes as assistant and enforces the model allow-list', async () => {
    const id = await newConversation('something-else');
    expect((await user.get(`/api/conversations/${id}`)).json.chatMode).toBe('assistant');
    const bad = await user.post('/api/conversations', { characterId, model: 'gpt-unknown' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Unknown model');
    expect((await user.put(`/api/conversations/${id}`, { model: 'rp-70b' })).json.model).toBe(
      'rp-70b',
    );
    expect((await user.put(`/api/conversations/${id}`, { model: 'nope' })).status).toBe(400);
  });

  it('limits how often one user starts conversations', async () => {
    const starter = await t.signedInUser('many.beginnings@example.com');
    const own = (
      await starter.post('/api/characters', {
        name: 'Wren',
        description: 'A lighthouse keeper with a dry wit and a fondness for storms.',
        gender: 'female',
        personality: 'Dry, warm underneath.',
      })
    ).json.id as number;
    const rule = RATE_RULES.conversationStartsPerUser;
    const start = () =>
      starter.post('/api/conversations', { characterId: own, chatMode: 'texting' });
    for (let i = 0; i < rule.limit; i++) expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(rule.message);
    // Counted per user: the others start theirs as before.
    expect(await newConversation('texting')).toBeGreaterThan(0);
  }, 60_000);

  it('offers every configured model to everyone, with its label and price', async () => {
    const offers = [
      { model: 'big-405b', label: 'big-405b', creditsPerReply: 1 },
      { model: 'rp-70b', label: 'rp-70b', creditsPerReply: 1 },
    ];
    expect((await user.get('/api/models')).json).toEqual({
      available: true,
      staff: false,
      canChoose: true,
      models: ['big-405b', 'rp-70b'],
      offers,
      defaultModel: 'big-405b',
    });
    const staff = await t.signedInUser('staff@example.com');
    expect((await staff.get('/api/models')).json).toMatchObject({ staff: true, offers });
    expect((await t.client().get('/api/models')).status).toBe(401);
  });

  it('refuses another user’s character', async () => {
    const other = await t.signedInUser();
    const res = await other.post('/api/conversations', { characterId, chatMode: 'texting' });
    expect(res.status).toBe(404);
  });
});

describe('sending a message (JSON)', () => {
  it('stores both messages, keeps title and preview current and takes one credit', async () => {
    const id = await newConversation();
    const before = await credits();
    llm.script({ content: 'hey you 😊\n\nmissed you' });
    const res = await user.post('/api/chat', { message: '  Hello Selene  ', conversationId: id });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ message: 'hey you 😊\n\nmissed you' });
    expect(typeof res.json.messageId).toBe('number');
    expect(await credits()).toBe(before - 1);

    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(messages.map((m: { sender: string; content: string }) => [m.sender, m.content])).toEqual(
      [
        ['user', 'Hello Selene'],
        ['ai', 'hey you 😊\n\nmissed you'],
      ],
    );
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    expect(detail).toMatchObject({ title: 'Hello Selene', message_count: 2 });
    expect(detail.lastMessage).toBe('hey you 😊\n\nmissed you');

    const sent = llm.requests.at(-1)!.body;
    expect(sent.model).toBe('big-405b');
    expect(sent.stream).toBe(true);
    expect(sent.messages[0].content).toContain('You are Selene (female).');
    expect(sent.messages[0].content).toContain('You are talking with Riley');
    expect(sent.messages[0].content).toMatch(/blank line between them/);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hello Selene' });
  });

  it('refuses blank messages and unknown models without charging', async () => {
    const id = await newConversation();
    const before = await credits();
    const blank = await user.post('/api/chat', { message: '   ', conversationId: id });
    expect(blank.status).toBe(400);
    const model = await user.post('/api/chat', { message: 'hi', conversationId: id, model: 'x' });
    expect(model.status).toBe(400);
    expect(await credits()).toBe(before);
    expect(llm.requests).toHaveLength(0);
  });

  it('takes no credit and stores nothing for a refused message (404, 409, 403)', async () => {
    // The credit and the message are taken in one statement sent beside the conversation's read;
    // that statement must hold itself back whenever the read leads to a refusal.
    const owner = await t.signedInUser();
    const intruder = await t.signedInUser();
    const charId = (await owner.post('/api/characters', { ...character, name: 'Kept' })).json.id;
    const id = await newConversation('texting', owner, charId);
    const stored = async () =>
      (await t.database.db.select().from(message).where(eq(message.conversationId, id))).length;
    expect(await credits(owner)).toBe(20); // the account exists before it is emptied below
    const calls = llm.requests.length; // the character's age review

    const notYours = await intruder.post('/api/chat', { message: 'hi', conversationId: id });
    expect(notYours.status).toBe(404);
    expect(await credits(intruder)).toBe(20);

    const ownerId = (await owner.get('/api/auth/get-session')).json.user.id as string;
    await t.database.db
      .update(creditAccount)
      .set({ credits: 0 })
      .where(eq(creditAccount.userId, ownerId));
    const broke = await owner.post('/api/chat', { message: 'hello?', conversationId: id });
    expect(broke.status).toBe(403);
    expect(broke.json.message).toBe(OUT_OF_CREDITS_MESSAGE);
    expect(await stored()).toBe(0);
    await t.database.db
      .update(creditAccount)
      .set({ credits: 5 })
      .where(eq(creditAccount.userId, ownerId));

    await owner.delete(`/api/characters/${charId}`);
    const gone = await owner.post('/api/chat', { message: 'hi', conversationId: id });
    expect(gone.status).toBe(409);
    expect(await credits(owner)).toBe(5);
    expect(await stored()).toBe(0);
    expect(llm.requests).toHaveLength(calls);
  });

  it('renews a month that is over before charging a message, and remembers the model used', async () => {
    const c = await t.signedInUser();
    const cId = (await c.get('/api/auth/get-session')).json.user.id as string;
    const charId = (await c.post('/api/characters', { ...character, name: 'Monthly' })).json.id;
    const id = await newConversation('texting', c, charId);
    expect(await credits(c)).toBe(20);
    await t.database.db.execute(sql`
      update credit_account set credits = 0, period_start = now() - '1 month 1 day'::interval
       where user_id = ${cId}`);
    await t.database.db
      .update(conversation)
      .set({ model: 'retired-model' })
      .where(eq(conversation.id, id));
    llm.script({ content: 'A new month.' });
    const res = await c.post('/api/chat', { message: 'hello', conversationId: id });
    expect(res.status, res.text).toBe(200);
    expect(await credits(c)).toBe(19);
    expect(llm.requests.at(-1)!.body.model).toBe('big-405b');
    expect((await c.get(`/api/conversations/${id}`)).json.model).toBe('big-405b');
    // An empty model asks for none in particular: the conversation keeps its own.
    llm.script({ content: 'Still here.' });
    const again = await c.post('/api/chat', { message: 'and now?', conversationId: id, model: '' });
    expect(again.status, again.text).toBe(200);
    expect((await c.get(`/api/conversations/${id}`)).json.model).toBe('big-405b');
  });

  it('gives the credit back when the model fails, keeping the user message', async () => {
    const id = await newConversation('assistant');
    const before = await credits();
    llm.script({ status: 500, body: 'upstream exploded' });
    const res = await user.post('/api/assistant', { message: 'Help me', conversationId: id });
    expect(res.status).toBe(502);
    expect(res.json.message).not.toContain('exploded');
    expect(await credits()).toBe(before);
    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(messages).toHaveLength(1);
    // The conversation tells what is stored: one message, shown as its preview and title.
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    expect(detail).toMatchObject({ message_count: 1, lastMessage: 'Help me', title: 'Help me' });
  });

  it('answers 403 with the spec text when out of credits, and nothing reaches the model', async () => {
    const id = await newConversation();
    await setCredits(0);
    const res = await user.post('/api/chat', { message: 'hello?', conversationId: id });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(OUT_OF_CREDITS_MESSAGE);
    expect(llm.requests).toHaveLength(0);
    expect((await user.post('/api/credit-check')).status).toBe(403);
    // Story helpers cost no credit, but with none left they do not reach the model either.
    const options = await user.post('/api/generate-options', { conversationId: id });
    expect(options.status).toBe(403);
    const scenario = await user.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'x',
    });
    expect(scenario.status).toBe(403);
    expect(llm.requests).toHaveLength(0);
    await setCredits(20);
  });

  it('gives exactly N replies for N credits when many sends arrive at once', async () => {
    const id = await newConversation();
    await setCredits(3);
    llm.setDefault({ content: 'a reply' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        user.post('/api/chat', { message: `message ${i}`, conversationId: id }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    expect(await credits()).toBe(0);
    const chatCalls = llm.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chatCalls).toHaveLength(3);
    await setCredits(20);
  });
});

describe('streaming replies (Server-Sent Events)', () => {
  it('sends token events, then done with the stored message', async () => {
    const id = await newConversation('immersive');
    // Paced like a model: a new conversation's first reply waits for its "not a human" notice to
    // be recorded, so an instant answer could arrive whole behind it.
    llm.script({
      content: 'The rain taps on the lighthouse glass as you climb the stairs.',
      chunkDelayMs: 60,
    });
    const response = await postForEvents('/api/immersive-chat', {
      message: 'I climb the stairs',
      conversationId: id,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    // A stream carries the same security headers as every other response.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const events = await readEvents(response);
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(events.at(-1)!.event).toBe('done');
    expect(events[0]!.event).toBe('accepted');
    // A new conversation's first reply opens with the "not a human" notice, before any token.
    expect(events[1]).toMatchObject({ event: 'notice', data: { kind: 'ai-disclosure' } });
    expect(events.slice(2, -1).every((e) => e.event === 'token')).toBe(true);
    const done = events.at(-1)!.data;
    expect(events[0]!.data).toEqual({
      userMessageId: done.userMessageId,
      replyId: expect.any(String),
    });
    expect(tokens.map((e) => e.data.text).join('')).toBe(done.message);
    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(messages.at(-1)).toMatchObject({
      id: done.messageId,
      sender: 'ai',
      content: done.message,
    });
  });

  it('answers at once with an accepted event while the model is still thinking', async () => {
    const id = await newConversation();
    let letModelAnswer!: () => void;
    const modelMayAnswer = new Promise<void>((resolve) => (letModelAnswer = resolve));
    llm.script({ content: 'Here at last', waitFor: modelMayAnswer });
    // Without headers before the first token, this would wait for the model forever.
    const response = await postForEvents('/api/chat', { message: 'hello?', conversationId: id });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let head = '';
    while (!head.includes('\n\n')) head += (await reader.read()).value ?? '';
    expect(head).toMatch(
      /^event: accepted\nid: 0\.0\ndata: \{"userMessageId":\d+,"replyId":"[\w-]{22}"\}\n\n/,
    );
    // The message is stored already; the model has not answered.
    const stored = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(stored.map((m: { content: string }) => m.content)).toEqual(['hello?']);
    letModelAnswer();
    let rest = head;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += chunk.value;
    }
    expect(rest).toContain('event: done');
    expect(rest).toContain('Here at last');
  });

  it('sends tokens that come fast in a few batches, the first one without waiting for more', async () => {
    const id = await newConversation();
    const words = Array.from({ length: 24 }, (_, i) => `w${i}`);
    // The model starts once the stream is open (on a busy machine a reader that reaches the
    // reply after its first words gets those together, which is right, but not what this asks),
    // and says its first word alone: the rest comes once the client has read it, so the first
    // token must leave while the model says nothing more (that it leaves at once, not after a
    // batch's wait, is tests/unit/event-writer.test.ts's: timed here, a busy machine's merged
    // reads would fail it).
    let open!: () => void;
    let firstRead!: () => void;
    // Or after 5 s: a server that held the first token for more (until its keep-alive's line,
    // or the end) fails the check on `gaveUpWaiting` below.
    let gaveUpWaiting = false;
    const giveUp = setTimeout(() => {
      gaveUpWaiting = true;
      firstRead();
    }, 5_000);
    llm.script({
      content: words.join(' '),
      chunkDelayMs: 5,
      waitFor: new Promise<void>((resolve) => (open = resolve)),
      stallAfter: 1,
      resumeAfterStall: new Promise<void>((resolve) => (firstRead = resolve)),
    });
    const response = await postForEvents('/api/chat', { message: 'go', conversationId: id });
    open();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reads: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      reads.push(chunk.value);
      if (chunk.value.includes('event: token\n')) firstRead();
    }
    clearTimeout(giveUp);
    expect(gaveUpWaiting).toBe(false);
    const tokensIn = (text: string) => text.split('event: token\n').length - 1;
    const withTokens = reads.filter((text) => tokensIn(text) > 0);
    // 23 tokens 5 ms apart after the first: one write per token would be 24 reads; batched,
    // about one per 40 ms.
    expect(withTokens.length).toBeLessThan(12);
    expect(tokensIn(withTokens[0]!)).toBe(1); // the first token alone
    const events = reads
      .join('')
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
      }));
    // Every word, in order, each its own event. (Words that come before the reply's notices are
    // known are told as one (NoticesFirst): the model's pause after the first word keeps this
    // from depending on how soon the notices' statement answers.)
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text);
    expect(tokens).toHaveLength(24);
    expect(tokens.join('')).toBe(words.join(' '));
    expect(tokens.join('')).toBe(events.at(-1)!.data.message);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('ends with an error event and refunds when the model fails mid-way', async () => {
    const id = await newConversation();
    const before = await credits();
    llm.script({ status: 503, body: 'overloaded' });
    const response = await postForEvents('/api/chat', { message: 'hi', conversationId: id });
    const events = await readEvents(response);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { status: 502 } });
    expect(await credits()).toBe(before);
  });

  it('still finishes and stores the reply when the browser goes away', async () => {
    const id = await newConversation();
    llm.script({ content: 'one two three four five six seven eight', chunkDelayMs: 80 });
    const controller = new AbortController();
    const response = await postForEvents(
      '/api/chat',
      { message: 'tell me a story', conversationId: id },
      controller.signal,
    );
    const reader = response.body!.getReader();
    await reader.read(); // the first token arrived…
    controller.abort(); // …and the tab closed.
    await expect
      .poll(async () => (await user.get(`/api/conversations/${id}/messages`)).json.length, {
        timeout: 5000,
      })
      .toBe(2);
    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(messages[1].content).toBe('one two three four five six seven eight');
  });
});

describe('story mode', () => {
  it('writes and stores the opening scenario, then four options', async () => {
    const id = await newConversation('immersive');
    llm.script({ content: 'You wake in a lighthouse as the storm rolls in.' });
    const scenario = await user.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'a storm at a lighthouse',
    });
    expect(scenario.status, scenario.text).toBe(200);
    expect(scenario.json.scenario).toBe('You wake in a lighthouse as the storm rolls in.');
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).toContain('a storm at a lighthouse');
    expect((await user.get(`/api/conversations/${id}`)).json.scenario).toBe(scenario.json.scenario);

    llm.script({
      content: JSON.stringify({
        options: [
          { number: 1, option: 'Light the lamp' },
          { number: 2, option: 'Open the door' },
          { number: 3, option: 'Climb the stairs' },
          { number: 4, option: 'Call out her name' },
        ],
      }),
    });
    const options = await user.post('/api/generate-options', { conversationId: id });
    expect(options.status, options.text).toBe(200);
    expect(options.json.options).toHaveLength(4);
    expect(options.json.options[0]).toEqual({ number: 1, option: 'Light the lamp' });
    expect(llm.requests.at(-1)!.body.response_format.type).toBe('json_schema');
    expect((await user.get(`/api/conversations/${id}`)).json.currentOptions).toEqual(
      options.json.options,
    );
  });

  it('reads options tolerantly and retries once on a bad answer', async () => {
    const id = await newConversation('immersive');
    llm.script(
      { content: 'Here you go: ["Run", "Hide"]' },
      { content: '```json\n["Run", "Hide", "Fight", "Talk"]\n```' },
    );
    const res = await user.post('/api/generate-options', { conversationId: id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.options.map((o: { option: string }) => o.option)).toEqual([
      'Run',
      'Hide',
      'Fight',
      'Talk',
    ]);
    expect(res.json.options.map((o: { number: number }) => o.number)).toEqual([1, 2, 3, 4]);
  });
});

/** What the character remembers (GET /api/characters/:id/memories). */
const memoriesOf = async (charId = characterId, c: TestClient = user) =>
  (await c.get(`/api/characters/${charId}/memories`)).json.memories as {
    content: string;
    conversationId: number | null;
    source: string;
  }[];

describe('working memory', () => {
  it('summarises into the character’s memory, feeds other conversations, and forgets on delete', async () => {
    const first = await newConversation();
    llm.script({ content: 'Riley loves jazz and met Selene in Paris.' });
    const res = await user.post(`/api/conversations/${first}/summarize`);
    expect(res.status, res.text).toBe(200);
    expect(await memoriesOf()).toContainEqual(
      expect.objectContaining({
        conversationId: first,
        content: res.json.summary,
        source: 'summary',
      }),
    );

    const second = await newConversation();
    llm.script({ content: 'I remember Paris.' });
    await user.post('/api/chat', { message: 'Remember me?', conversationId: second });
    expect(llm.requests.at(-1)!.body.messages[0].content).toContain('Riley loves jazz');
    // The summarised conversation itself does not hear its own summary: its history says it.
    llm.script({ content: 'Go on.' });
    await user.post('/api/chat', { message: 'Where were we?', conversationId: first });
    expect(llm.requests.at(-1)!.body.messages[0].content).not.toContain('Riley loves jazz');

    await user.delete(`/api/conversations/${first}`);
    expect((await memoriesOf()).some((m) => m.content === res.json.summary)).toBe(false);
  });

  it('forgets every summary when all of a character’s conversations are deleted', async () => {
    const temp = (await user.post('/api/characters', { ...character, name: 'Nova' })).json.id;
    const id = await newConversation('texting', user, temp);
    llm.script({ content: 'Riley confided a secret to Nova.' });
    expect((await user.post(`/api/conversations/${id}/summarize`)).status).toBe(200);
    expect(await memoriesOf(temp)).toHaveLength(1);
    expect((await user.delete(`/api/characters/${temp}/conversations`)).status).toBe(200);
    expect(await memoriesOf(temp)).toEqual([]);
    // A later conversation's prompt carries nothing of the deleted ones.
    const fresh = await newConversation('texting', user, temp);
    llm.script({ content: 'Hello, stranger.' });
    await user.post('/api/chat', { message: 'Do you know me?', conversationId: fresh });
    expect(llm.requests.at(-1)!.body.messages[0].content).not.toContain('secret');
  });

  it('summarises a conversation by itself once it has more than 10 messages', async () => {
    const id = await newConversation();
    llm.setDefault({ content: 'ok' });
    for (let i = 0; i < 6; i++) {
      expect((await user.post('/api/chat', { message: `m${i}`, conversationId: id })).status).toBe(
        200,
      );
    }
    await expect
      .poll(async () => (await memoriesOf()).some((m) => m.conversationId === id), {
        timeout: 5000,
      })
      .toBe(true);
  });
});

describe('background summaries', () => {
  const summaryRequests = () =>
    llm.requests.filter((r) =>
      JSON.stringify(r.body?.messages?.at(-1)?.content ?? '').includes('Summarise'),
    ).length;
  const remembered = async (c: TestClient, charId: number, id: number) =>
    (await memoriesOf(charId, c)).some((m) => m.conversationId === id);

  /** A conversation of 10 messages whose next reply makes a summary due, which then fails. */
  async function failedSummary() {
    const owner = await t.signedInUser();
    const charId = (await owner.post('/api/characters', character)).json.id;
    const id = await newConversation('texting', owner, charId);
    llm.setDefault({ content: 'ok' });
    for (let i = 0; i < 5; i++)
      await owner.post('/api/chat', { message: `m${i}`, conversationId: id });
    expect(summaryRequests()).toBe(0); // 10 messages: not due yet
    llm.script({ content: 'ok' });
    llm.script({ status: 500, body: 'down' });
    await owner.post('/api/chat', { message: 'm5', conversationId: id });
    await expect.poll(summaryRequests, { timeout: 10_000 }).toBe(1);
    return { owner, charId, id };
  }

  /** The queued retry of a conversation's failed summary, as the job queue stores it. */
  async function pendingRetry(id: number) {
    const { rows } = await t.database.db.execute<{ inSeconds: number }>(sql`
      select extract(epoch from start_after - now())::float as "inSeconds"
      from pgboss.job
      where name = 'conversation-summary' and singleton_key = ${String(id)} and state = 'retry'`);
    return rows[0];
  }

  it('does not retry a failed summary after every reply', async () => {
    const { owner, id } = await failedSummary();
    await owner.post('/api/chat', { message: 'm6', conversationId: id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(summaryRequests()).toBe(1);
  });

  it('tries a failed summary again ten minutes later', async () => {
    const { owner, charId, id } = await failedSummary();
    await expect.poll(() => pendingRetry(id)).toBeDefined();
    const retry = (await pendingRetry(id))!;
    expect(retry.inSeconds).toBeGreaterThan(9 * 60);
    expect(retry.inSeconds).toBeLessThanOrEqual(10 * 60);
    expect(await remembered(owner, charId, id)).toBe(false);
    // Ten minutes pass.
    await t.database.db.execute(sql`
      update pgboss.job set start_after = now()
      where name = 'conversation-summary' and singleton_key = ${String(id)} and state = 'retry'`);
    await expect.poll(() => remembered(owner, charId, id), { timeout: 15_000 }).toBe(true);
    expect(summaryRequests()).toBe(2);
  });

  it('queues one summary per conversation, however many servers ask at once', async () => {
    // A summary of this conversation is waiting (for its retry); asking again, from any number of
    // servers at once, adds nothing. (A fresh key is not used: on PostgreSQL the first job may
    // already have run and finished before the others ask, and then one more is right.)
    const { id } = await failedSummary();
    await expect.poll(() => pendingRetry(id)).toBeDefined();
    const queued = await Promise.all(
      [1, 2, 3].map(() =>
        t.jobs.enqueue(
          'conversation-summary',
          { userId, conversationId: id },
          { singletonKey: String(id) },
        ),
      ),
    );
    expect(queued.filter(Boolean)).toHaveLength(0);
    const { rows } = await t.database.db.execute<{ waiting: number }>(sql`
      select count(*)::int as waiting from pgboss.job
      where name = 'conversation-summary' and singleton_key = ${String(id)}
        and state in ('created', 'retry', 'active')`);
    expect(rows[0]!.waiting).toBe(1);
    // On PostgreSQL the queue's own pool names what it runs again, as the app's pool does: its
    // insert, asked for three times here, is parsed and planned once per connection.
    const jobs = t.database.jobConnection;
    if (jobs.driver === 'postgres') expect(jobs.statementNames.size).toBeGreaterThan(0);
  });
});

describe('editing messages and feedback', () => {
  it('edits the user’s own messages, and only with a changed text', async () => {
    const id = await newConversation();
    llm.script({ content: 'a reply' });
    const sent = (await user.post('/api/chat', { message: 'first try', conversationId: id })).json;
    const edit = await user.put(`/api/messages/${sent.userMessageId}/edit`, {
      content: ' second try ',
      conversationId: id,
      characterId,
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json.content).toBe('second try');
    const same = await user.put(`/api/messages/${sent.userMessageId}/edit`, {
      content: 'second try',
    });
    expect(same.status).toBe(400);
    // A character's reply can be edited too (issue 45): message-edit-ai.test.ts.
    const other = await t.signedInUser();
    const theirs = await other.put(`/api/messages/${sent.userMessageId}/edit`, { content: 'x' });
    expect(theirs.status).toBe(404);
  });

  it('keeps the sidebar preview on the newest message when that message is edited', async () => {
    const id = await newConversation('assistant');
    llm.script({ status: 500, body: 'down' });
    const failed = await user.post('/api/assistant', { message: 'typo hre', conversationId: id });
    expect(failed.status).toBe(502);
    const [stored] = (await user.get(`/api/conversations/${id}/messages`)).json;
    await user.put(`/api/messages/${stored.id}/edit`, { content: 'typo here' });
    expect((await user.get(`/api/conversations/${id}`)).json.lastMessage).toBe('typo here');
    // With a reply after it, the reply stays the preview.
    llm.script({ content: 'fixed it' });
    const sent = (await user.post('/api/assistant', { message: 'again', conversationId: id })).json;
    await user.put(`/api/messages/${sent.userMessageId}/edit`, { content: 'again!' });
    const detail = (await user.get(`/api/conversations/${id}`)).json;
    // Counted on from the failed reply's one stored message.
    expect(detail).toMatchObject({ lastMessage: 'fixed it', message_count: 3 });
  });

  it('stores the real message pair for a named reply, one vote per reply', async () => {
    const id = await newConversation();
    llm.script({ content: 'the real reply' });
    const sent = (await user.post('/api/chat', { message: 'the real prompt', conversationId: id }))
      .json;
    const vote = (value: string, c: TestClient = user, messageId = sent.messageId) =>
      c.post('/api/feedback', {
        aiMessage: 'forged reply',
        userMessage: 'forged prompt',
        feedback: value,
        messageId,
      });
    expect((await vote('GOOD')).status).toBe(201);
    expect((await vote('BAD')).status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.messageId, sent.messageId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      aiMessage: 'the real reply',
      userMessage: 'the real prompt',
      feedback: 'BAD',
    });
    // Someone else's reply, or the user's own message, cannot be rated.
    const other = await t.signedInUser();
    expect((await vote('GOOD', other)).status).toBe(404);
    expect((await vote('GOOD', user, sent.userMessageId)).status).toBe(404);
  });

  it('stores GOOD/BAD feedback with the message pair', async () => {
    const res = await user.post('/api/feedback', {
      aiMessage: 'a lovely reply',
      userMessage: 'hello',
      feedback: 'GOOD',
    });
    expect(res.status).toBe(201);
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.userId, userId));
    expect(rows.at(-1)).toMatchObject({ aiMessage: 'a lovely reply', feedback: 'GOOD' });
    expect((await user.post('/api/feedback', { aiMessage: 'x', feedback: 'MEH' })).status).toBe(
      400,
    );
  });
});

describe('isolation and paging', () => {
  it('answers 404 to another user for every conversation call', async () => {
    const id = await newConversation();
    const other = await t.signedInUser();
    expect((await other.get(`/api/conversations/${id}`)).status).toBe(404);
    expect((await other.get(`/api/conversations/${id}/messages`)).status).toBe(404);
    expect((await other.put(`/api/conversations/${id}`, { model: 'rp-70b' })).status).toBe(404);
    expect((await other.post('/api/chat', { message: 'hi', conversationId: id })).status).toBe(404);
    expect((await other.post(`/api/conversations/${id}/summarize`)).status).toBe(404);
    expect((await other.post('/api/generate-options', { conversationId: id })).status).toBe(404);
    expect((await other.delete(`/api/conversations/${id}`)).status).toBe(404);
    for (const path of ['/api/assistant', '/api/immersive-chat']) {
      expect((await other.post(path, { message: 'hi', conversationId: id })).status).toBe(404);
    }
    const scenario = await other.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'a storm',
    });
    expect(scenario.status).toBe(404);
    expect((await other.delete(`/api/characters/${characterId}/conversations`)).status).toBe(404);
    expect(llm.requests).toHaveLength(0);
    expect((await other.get('/api/conversations')).json).toEqual([]);
    expect((await user.get(`/api/conversations/${id}`)).status).toBe(200);
  });

  it('pages through history newest-first with a keyset', async () => {
    const id = await newConversation();
    // Stored directly: this file's user sends close to the per-minute message limit already.
    await t.database.db.insert(message).values(
      ['m0', 'ok', 'm1', 'ok', 'm2', 'ok'].map((content, i) => ({
        conversationId: id,
        userId,
        sender: i % 2 === 0 ? ('user' as const) : ('ai' as const),
        content,
      })),
    );
    await linkIntoLines(t.database.db, [id]);
    const all = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(all).toHaveLength(6);
    const lastTwo = (await user.get(`/api/conversations/${id}/messages?limit=2`)).json;
    expect(lastTwo.map((m: { id: number }) => m.id)).toEqual(
      all.slice(4).map((m: { id: number }) => m.id),
    );
    const before = (
      await user.get(`/api/conversations/${id}/messages?limit=2&before=${lastTwo[0].id}`)
    ).json;
    expect(before.map((m: { id: number }) => m.id)).toEqual(
      all.slice(2, 4).map((m: { id: number }) => m.id),
    );
  });

  it('falls back to the default model when a conversation’s model left the allow-list', async () => {
    const id = await newConversation('immersive');
    await t.database.db
      .update(conversation)
      .set({ model: 'retired-model' })
      .where(eq(conversation.id, id));
    llm.script({ content: 'A storm rolls in.' });
    const scenario = await user.post(`/api/conversations/${id}/generate-scenario`, {
      message: 'a storm',
    });
    expect(scenario.status, scenario.text).toBe(200);
    llm.script({ content: '{"options":["a","b","c","d"]}' });
    expect((await user.post('/api/generate-options', { conversationId: id })).status).toBe(200);
    llm.script({ content: 'A short summary.' });
    expect((await user.post(`/api/conversations/${id}/summarize`)).status).toBe(200);
    expect(llm.requests.map((r) => r.body.model)).toEqual(['big-405b', 'big-405b', 'big-405b']);
  });

  it('cannot continue a conversation whose character was deleted', async () => {
    // A fresh user: the main one is close to the per-minute message limit by now.
    const owner = await t.signedInUser();
    const temp = (await owner.post('/api/characters', { ...character, name: 'Temp' })).json.id;
    const id = await newConversation('texting', owner, temp);
    await owner.delete(`/api/characters/${temp}`);
    const res = await owner.post('/api/chat', { message: 'hello', conversationId: id });
    expect(res.status).toBe(409);
  });
});

describe('without a language model', () => {
  it('says so, creates no conversation, answers 503 with the spec text and takes no credit', async () => {
    const bare = await startTestApp({ STAFF_EMAILS: 'ops@example.com' });
    try {
      const c = await bare.signedInUser();
      expect((await c.get('/api/models')).json).toMatchObject({ available: false, staff: false });
      const ops = await bare.signedInUser('ops@example.com');
      expect((await ops.get('/api/models')).json).toMatchObject({ available: false, staff: true });

      const charId = (await c.post('/api/characters', character)).json.id;
      // A conversation nobody could get a reply in is not created.
      const create = await c.post('/api/conversations', {
        characterId: charId,
        chatMode: 'texting',
      });
      expect(create.status).toBe(503);
      expect(create.json.message).toBe('No language model is configured');
      expect((await c.get('/api/conversations')).json).toEqual([]);

      // A conversation from before the model was removed from the settings.
      const userId = (await c.get('/api/auth/get-session')).json.user.id as string;
      const [seeded] = await bare.database.db
        .insert(conversation)
        .values({ userId, characterId: charId, chatMode: 'texting', title: 'Earlier chat' })
        .returning({ id: conversation.id });
      const id = seeded!.id;
      const before = (await c.get('/api/get-credits')).json.credits;
      for (const path of ['/api/chat', '/api/assistant', '/api/immersive-chat']) {
        const res = await c.post(path, { message: 'hello', conversationId: id });
        expect(res.status).toBe(503);
        expect(res.json.message).toBe('No language model is configured');
      }
      const scenario = await c.post(`/api/conversations/${id}/generate-scenario`, {
        message: 'x',
      });
      expect(scenario.status).toBe(503);
      expect((await c.post('/api/generate-options', { conversationId: id })).status).toBe(503);
      expect((await c.put(`/api/conversations/${id}`, { model: 'big-405b' })).status).toBe(503);
      expect((await c.get('/api/get-credits')).json.credits).toBe(before);
      expect((await c.get(`/api/conversations/${id}/messages`)).json).toEqual([]);
    } finally {
      await bare.close();
    }
    // Starts an app of its own (a few seconds; more on a busy machine).
  }, 60_000);
});
