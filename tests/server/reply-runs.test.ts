import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { JobQueue } from '../../src/server/jobs/queue';
import { RUN_CUT_OFF, RUN_KEEP_MS, RUN_LAPSED_MS } from '../../src/server/modules/chat/reply-runs';
import { sweepRuns } from '../../src/server/modules/chat/reply-runs.repo';
import {
  appendContinuationAndSettle,
  storeReplyAndSettle,
} from '../../src/server/modules/chat/reply.repo';
import type { LlmDouble } from '../doubles/llm-server';
import { llmAppTest } from '../support/server-fixtures';
import { readEvents, textOf, type ReadEvent } from '../support/sse';
import { answerAgeReviewsAsAdult } from './support/llm';
import type { TestClient } from './support/http-client';
import { TEST_PASSWORD, type TestApp } from './support/test-app';

/**
 * A reply is a run, not a request (issue 44 items 1 and 2): every event carries its id, the
 * `accepted` event names the run, and GET /api/replies/{replyId}/events tells a client that lost
 * its connection the rest, from the last id it saw, with no gap and nothing twice: while the
 * reply is still being written, once it has ended, and from another server.
 */

const test = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'rp-70b' }));

async function newConversation(t: TestApp, user: TestClient) {
  const characterId = (
    await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently.',
    })
  ).json.id;
  const res = await user.post('/api/conversations', { characterId, chatMode: 'texting' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** POST /api/chat as an event stream, to `base` (the test's app, or another server). */
const sendTo = (base: string, t: TestApp, user: TestClient, body: object) =>
  fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: user.cookieHeader,
      origin: t.url,
    },
    body: JSON.stringify(body),
  });

const send = (t: TestApp, user: TestClient, conversationId: number, message = 'Tell me more') =>
  sendTo(t.url, t, user, { message, conversationId });

const follow = (base: string, user: TestClient, replyId: string, lastEventId?: string) =>
  fetch(`${base}/api/replies/${replyId}/events`, {
    headers: {
      accept: 'text/event-stream',
      cookie: user.cookieHeader,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
  });

/** "Continue" on the reply `messageId` at `base` (the test's app, or another server), streamed. */
const continueAt = (base: string, t: TestApp, user: TestClient, messageId: number) =>
  fetch(`${base}/api/messages/${messageId}/continue`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', cookie: user.cookieHeader, origin: t.url },
  });

/** A conversation whose one reply is 'The pier is quiet.': the reply a test continues. */
async function aQuietPier(t: TestApp, user: TestClient, llm: LlmDouble) {
  const id = await newConversation(t, user);
  llm.script({ content: 'The pier is quiet.' });
  const first = (await readEvents(await send(t, user, id))).at(-1)!;
  return { id, messageId: first.data.messageId as number };
}

/**
 * Server A, on the same database as the test's app (which stays up, as another server would):
 * its log lines kept for the test to read.
 */
async function serverA(t: TestApp) {
  const aLog: string[] = [];
  const a: FastifyInstance = await buildApp({
    config: { ...t.config, logLevel: 'warn' },
    logStream: { write: (line) => void aLog.push(line) },
    database: t.database,
    jobs: new JobQueue(t.database.jobConnection),
    webDir: path.resolve(import.meta.dirname, '../fixtures/web'),
  });
  await a.listen({ port: 0, host: '127.0.0.1' });
  return { a, onA: `http://127.0.0.1:${(a.server.address() as { port: number }).port}`, aLog };
}

/**
 * A told `before` and stalls: its words saved, it stops renewing its lease, and the test's app
 * takes the run over. What a client that follows the run there from `before`'s end is told.
 */
async function takenOver(t: TestApp, user: TestClient, a: FastifyInstance, before: ReadEvent[]) {
  await savedAsTold(t, before);
  await a.close();
  return readEvents(await follow(t.url, user, before[0]!.data.replyId, before.at(-1)!.id));
}

/**
 * Until server A has saved what `before` told (its text and notices) to the run's row: A saves
 * once every RUN_SAVE_MS, later on a busy machine, and stops saving when it is closed, so a fixed
 * wait could close it before its first save (the server taking over would then start afresh).
 */
async function savedAsTold(t: TestApp, before: ReadEvent[]) {
  const id = before[0]!.data.replyId as string;
  const text = textOf(before);
  const notices = before.filter((e) => e.event === 'notice').length;
  await vi.waitFor(
    async () => {
      const { rows } = await t.database.db.execute<{ text: string; notices: number }>(
        sql`select coalesce(text, '') as text, coalesce(jsonb_array_length(notices), 0)::int as notices
          from reply_run where id = ${id}`,
      );
      expect(rows[0]?.text.startsWith(text)).toBe(true);
      expect(rows[0]!.notices).toBeGreaterThanOrEqual(notices);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Forty words, streamed one every 15 ms: a reply still on its way for more than half a second. */
const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

test('every event carries the position after it; accepted names the run', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: WORDS, chunkDelayMs: 2 });
  const events = await readEvents(await send(t, user, id));
  const [accepted, ...rest] = events;
  expect(accepted).toMatchObject({ event: 'accepted', id: '0.0' });
  expect(accepted!.data.replyId).toMatch(/^[\w-]{22}$/);
  const done = events.at(-1)!;
  expect(done.event).toBe('done');
  // Each id is the count of notices and characters told up to and with its event.
  let notices = 0;
  let chars = 0;
  for (const e of rest) {
    if (e.event === 'notice') notices++;
    if (e.event === 'token') chars += e.data.text.length;
    expect(e.id).toBe(`${notices}.${chars}`);
  }
  expect(notices).toBe(1); // the "not a human" notice opens a new conversation
  expect(textOf(events)).toBe(done.data.message);
});

test('a client that lost its connection mid-reply gets the rest, with no gap and nothing twice', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: WORDS, chunkDelayMs: 15 });
  // The connection drops after a few words.
  const before = await readEvents(
    await send(t, user, id),
    (events) => events.filter((e) => e.event === 'token').length >= 3,
  );
  const replyId = before[0]!.data.replyId as string;
  const lastId = before.at(-1)!.id!;
  const after = await readEvents(await follow(t.url, user, replyId, lastId));
  expect(after[0]!.event).not.toBe('accepted');
  expect(after.some((e) => e.event === 'notice')).toBe(false); // seen before the drop
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  expect(textOf(before) + textOf(after)).toBe(done.data.message);
  expect(done.data.message).toBe(WORDS);
  // The reply was stored once, and charged once.
  const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
  expect(messages.map((m: { content: string }) => m.content)).toEqual(['Tell me more', WORDS]);
});

/** Two hundred words, one every 50 ms: a reply that takes the model ten seconds to write. */
const LONG_WORDS = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');

/**
 * Sends a message to a new conversation of `who`'s, whose reply the model writes slowly; once
 * the first words are told, `remove` deletes something. Answers every event the stream told and
 * the model's request.
 */
async function deletedMidReply(
  t: TestApp,
  who: TestClient,
  llm: LlmDouble,
  remove: (conversationId: number) => Promise<void>,
) {
  const id = await newConversation(t, who);
  const seen = llm.requests.length;
  llm.script({ content: LONG_WORDS, chunkDelayMs: 50 });
  let told: ReadEvent[] = [];
  const reading = readEvents(await send(t, who, id), (events) => {
    told = [...events];
    return false;
  });
  await vi.waitFor(() => expect(textOf(told)).not.toBe(''), { timeout: 10_000 });
  await remove(id);
  const events = await reading;
  const request = llm.requests.slice(seen).find((r) => r.body?.stream === true)!;
  return { events, request };
}

test('a reply whose conversation is deleted while the model writes stops asking the model, and its credit is given back', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const before = await creditsOf(user);
  const { events, request } = await deletedMidReply(t, user, llm, async (id) => {
    expect((await user.delete(`/api/conversations/${id}`)).status).toBe(200);
  });
  // Told as a reply that cannot be stored is, before the model got far.
  expect(events.at(-1)).toMatchObject({
    event: 'error',
    data: { status: 404, message: 'Message not found' },
  });
  expect(textOf(events).length).toBeLessThan(LONG_WORDS.length / 2);
  expect(request.closedEarly).toBe(true);
  await vi.waitFor(async () => expect(await creditsOf(user)).toBe(before), { timeout: 5_000 });
});

test('a reply whose account is deleted while the model writes stops asking the model', async ({
  t,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const leaving = await t.signedInUser();
  const { events, request } = await deletedMidReply(t, leaving, llm, async () => {
    const res = await leaving.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(res.status, res.text).toBe(200);
  });
  expect(events.at(-1)!.event).toBe('error');
  expect(textOf(events).length).toBeLessThan(LONG_WORDS.length / 2);
  expect(request.closedEarly).toBe(true);
  // Nothing of it is kept.
  const runs = await t.database.db.execute(
    sql`select id from reply_run where id = ${events[0]!.data.replyId as string}`,
  );
  expect(runs.rows).toEqual([]);
});

for (const [thinking, reply] of [
  // A model that answers nothing at all until it has thought (no headers yet).
  ['silently', { waitFor: new Promise(() => undefined) }],
  // A reasoning model: its stream open, its thoughts sent apart from the text, then a pause.
  ['aloud', { reasoning: 'Let me think this through', stallAfter: 0 }],
] as const) {
  test(`a reply whose conversation is deleted while the model still thinks (${thinking}) stops the model within seconds, its credit given back`, async ({
    t,
    user,
    llm,
  }) => {
    answerAgeReviewsAsAdult(llm);
    const before = await creditsOf(user);
    const id = await newConversation(t, user);
    const seen = llm.requests.length;
    llm.script({ content: LONG_WORDS, ...reply });
    const reading = readEvents(await send(t, user, id), () => false);
    const asked = () => llm.requests.slice(seen).find((r) => r.body?.stream === true);
    await vi.waitFor(() => expect(asked()).toBeDefined(), { timeout: 10_000 });
    expect((await user.delete(`/api/conversations/${id}`)).status).toBe(200);
    // The run's row is found gone with the next save (each second); the model is not waited for
    // (it would think on until the model's timeout).
    const events = await Promise.race([
      reading,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the reply still waits for its model')), 5_000),
      ),
    ]);
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { status: 404, message: 'Message not found' },
    });
    expect(textOf(events)).toBe('');
    expect(asked()!.closedEarly).toBe(true);
    await vi.waitFor(async () => expect(await creditsOf(user)).toBe(before), { timeout: 5_000 });
  });
}

test('a run that ended is replayed from any point, then closed; as JSON it is shown as it stands', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: 'Moonlight on the water' });
  const first = await readEvents(await send(t, user, id));
  const replyId = first[0]!.data.replyId as string;
  const done = first.at(-1)!;

  // From the start: the notice, the whole text, the end, with the same ids.
  const all = await readEvents(await follow(t.url, user, replyId, '0.0'));
  expect(all.map((e) => e.event)).toEqual(['notice', 'token', 'done']);
  expect(textOf(all)).toBe('Moonlight on the water');
  expect(all.at(-1)).toEqual(done);
  // From the middle of the text (`?after=` as well as Last-Event-ID).
  const tail = await fetch(`${t.url}/api/replies/${replyId}/events?after=1.10`, {
    headers: { accept: 'text/event-stream', cookie: user.cookieHeader },
  });
  const rest = await readEvents(tail);
  expect(textOf(rest)).toBe('Moonlight on the water'.slice(10));
  // From its last id: only the end.
  expect(
    (await readEvents(await follow(t.url, user, replyId, done.id))).map((e) => e.event),
  ).toEqual(['done']);

  const view = await user.get(`/api/replies/${replyId}/events`);
  expect(view.status).toBe(200);
  expect(view.json).toMatchObject({
    replyId,
    state: 'done',
    text: 'Moonlight on the water',
    lastEventId: done.id,
    reply: done.data,
    error: null,
  });
  expect(view.json.notices.map((n: { kind: string }) => n.kind)).toEqual(['ai-disclosure']);
});

/** The database refuses reply runs' rows (as a full disk would) while `during` runs. */
async function refusingRuns<T>(t: TestApp, during: () => Promise<T>): Promise<T> {
  // Only in these tests: the file's other tests share the database.
  await t.database.db.execute(sql`create function refuse_run() returns trigger language plpgsql
    as $$ begin raise exception 'no room for runs'; end $$`);
  await t.database.db.execute(
    sql`create trigger refuse_run before insert on reply_run for each row execute function refuse_run()`,
  );
  try {
    return await during();
  } finally {
    await t.database.db.execute(sql`drop trigger refuse_run on reply_run`);
    await t.database.db.execute(sql`drop function refuse_run()`);
  }
}

/** The user's credits left, as the app shows them. */
const creditsOf = async (user: TestClient) =>
  (await user.get('/api/get-credits')).json.credits as number;

const SOMETHING_WENT_WRONG = { message: 'Something went wrong on our side. Please try again.' };

test('a new message whose run cannot be recorded is refused whole: nothing told, stored or charged', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  const credits = () => creditsOf(user);
  const before = await credits();
  // The run is recorded in the statement that takes the credit and stores the message
  // (decision 0071): none of them happens. The model is never asked (no answer is scripted).
  const res = await refusingRuns(t, () => send(t, user, id));
  // No run to follow: the request answers the failure itself, before any event; the web app
  // gives the text back to the box it came from.
  expect(res.status).toBe(500);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual(SOMETHING_WENT_WRONG);
  expect(await credits()).toBe(before);
  expect((await user.get(`/api/conversations/${id}/messages`)).json).toEqual([]);
  const runs = await t.database.db.execute(
    sql`select id from reply_run where conversation_id = ${id}`,
  );
  expect(runs.rows).toEqual([]);
});

test('another version whose run cannot be recorded is not started: the credit given back', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: 'A first answer' });
  const first = await readEvents(await send(t, user, id));
  const { messageId } = first.at(-1)!.data as { messageId: number };
  const credits = () => creditsOf(user);
  const before = await credits();
  // A regenerate's run is recorded on its own, after its credit was taken (no answer scripted:
  // the model is never asked).
  const res = await refusingRuns(t, () =>
    fetch(`${t.url}/api/messages/${messageId}/regenerate`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', cookie: user.cookieHeader, origin: t.url },
    }),
  );
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual(SOMETHING_WENT_WRONG);
  await vi.waitFor(async () => expect(await credits()).toBe(before), { timeout: 5_000 });
  // No other version was stored; the thread is as it was.
  const thread = (await user.get(`/api/conversations/${id}/messages`)).json as {
    sender: string;
    content: string;
  }[];
  expect(thread.map((m) => [m.sender, m.content])).toEqual([
    ['user', 'Tell me more'],
    ['ai', 'A first answer'],
  ]);
  const runs = await t.database.db.execute(
    sql`select state from reply_run where conversation_id = ${id}`,
  );
  expect(runs.rows).toEqual([{ state: 'done' }]);
});

test("another user's run is not found; a malformed event id is refused", async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: 'Only for you' });
  const replyId = (await readEvents(await send(t, user, id)))[0]!.data.replyId as string;
  const stranger = await t.signedInUser();
  for (const accept of ['text/event-stream', 'application/json']) {
    const res = await fetch(`${t.url}/api/replies/${replyId}/events`, {
      headers: { accept, cookie: stranger.cookieHeader },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Reply not found' });
  }
  expect((await user.get('/api/replies/no-such-run/events')).status).toBe(404);
  const bad = await user.get(`/api/replies/${replyId}/events?after=yesterday`);
  expect(bad.status).toBe(400);
  expect(bad.json.message).toBe("That event id is not one of this reply's.");
  expect((await t.client().get(`/api/replies/${replyId}/events`)).status).toBe(401);
});

test('a client that reconnects to another server gets the rest of a reply still being written there', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  // A second server on the same database: it has none of the first one's runs in memory.
  const other: FastifyInstance = await buildApp({
    config: t.config,
    database: t.database,
    jobs: new JobQueue(t.database.jobConnection),
    webDir: path.resolve(import.meta.dirname, '../fixtures/web'),
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
    const id = await newConversation(t, user);
    llm.script({ content: WORDS, chunkDelayMs: 25 });
    const before = await readEvents(
      await send(t, user, id),
      (events) => events.filter((e) => e.event === 'token').length >= 3,
    );
    const replyId = before[0]!.data.replyId as string;
    const after = await readEvents(await follow(base, user, replyId, before.at(-1)!.id));
    const done = after.at(-1)!;
    expect(done.event).toBe('done');
    expect(textOf(before) + textOf(after)).toBe(WORDS);
    expect(done.data.message).toBe(WORDS);
    // The end as stored (with the reply, decision 0071) is the end this server told.
    const here = await readEvents(await follow(t.url, user, replyId, before.at(-1)!.id));
    expect(done).toEqual(here.at(-1));
    expect(done.data.messageId).toBeGreaterThan(0);
  } finally {
    await other.close();
  }
});

test('a run whose server stopped, which no server continued, ends as cut off; ended runs leave after a while', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: 'Kept a while' });
  const ended = (await readEvents(await send(t, user, id)))[0]!.data.replyId as string;
  const userId = (await user.get('/api/auth/get-session')).json.user.id as string;
  const { rows } = await t.database.db.execute<{ userMessageId: number; chargeId: number }>(
    sql`select user_message_id as "userMessageId", charge_id as "chargeId"
      from reply_run where id = ${ended}`,
  );
  const { userMessageId, chargeId } = rows[0]!;
  await t.database.db.execute(
    sql`update reply_run set updated_at = now() - interval '11 minutes' where id = ${ended}`,
  );
  // A run a server was writing when it died, 40 characters saved, its lease long lapsed; swept
  // before any server could see it (in the transaction that wrote it), as when none continues it.
  const swept = await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into reply_run (id, user_id, conversation_id, user_message_id,
        charge_id, keep, state, text, lease_owner, lease_until)
      values ('orphan-run', ${userId}, ${id}, ${userMessageId}, ${chargeId},
        ${JSON.stringify({ answers: userMessageId })}::jsonb, 'streaming', ${'x'.repeat(40)},
        'dead-server', now() - interval '1 minute')`);
    return sweepRuns(tx, RUN_KEEP_MS, RUN_LAPSED_MS, RUN_CUT_OFF);
  });
  expect(swept).toEqual({ removed: 1, failed: 1 });

  const events = await readEvents(await follow(t.url, user, 'orphan-run', '0.30'));
  expect(textOf(events)).toBe('x'.repeat(10));
  expect(events.at(-1)).toMatchObject({
    event: 'error',
    data: { status: 502, message: 'The reply was cut off. Please try again.' },
  });
  const left = await t.database.db.execute(sql`select id from reply_run where id = ${ended}`);
  expect(left.rows).toEqual([]);
});

test('a run whose server died is taken over by another, which goes on from the saved text: one reply, one credit', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const { a, onA, aLog } = await serverA(t);
  const id = await newConversation(t, user);
  const credits = () => creditsOf(user);
  const creditsBefore = await credits();
  // On A the model says its first words, then nothing more: A dies before it says more (or, in
  // the end, A was only stalled, and wakes up).
  let wakeA!: () => void;
  const aWakesUp = new Promise<void>((resolve) => (wakeA = resolve));
  // The server that takes over asks the model to go on.
  llm.script(
    { content: 'Moonlight0 spills1 over2 the3', stallAfter: 3, resumeAfterStall: aWakesUp },
    { content: 'and the quiet harbour sleeps.' },
  );
  const before = await readEvents(
    await sendTo(onA, t, user, { message: 'Tell me more', conversationId: id }),
    (events) => textOf(events).includes('spills1'),
  );
  const told = textOf(before);
  expect(told).toMatch(/^Moonlight0 spills1/);
  // What A told is saved within a second; then A stops renewing its lease.
  const after = await takenOver(t, user, a, before);
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  expect(after.filter((e) => e.event === 'notice')).toEqual([]); // told by A already
  expect(told + textOf(after)).toBe(done.data.message);
  expect(done.data.message).toBe(`${told.trimEnd()} and the quiet harbour sleeps.`);
  // The model was asked to go on from A's text.
  const resumed = llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
  // (as an assistant prefill: the prompt ends with that text)
  expect(resumed.at(-1)).toMatchObject({ role: 'assistant', content: told });
  expect(resumed.at(-2)!.role).toBe('user');
  // One reply stored, one credit taken.
  const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
  expect(messages.map((m: { content: string }) => m.content)).toEqual([
    'Tell me more',
    done.data.message,
  ]);
  expect(await credits()).toBe(creditsBefore - 1);

  // A was not dead but stalled past its lease: when its model goes on, its reply is not stored a
  // second time, and no credit moves.
  wakeA();
  await vi.waitFor(
    () => expect(aLog.join('')).toContain('reply not stored: another server finished it'),
    { timeout: 10_000 },
  );
  expect((await user.get(`/api/conversations/${id}/messages`)).json).toHaveLength(2);
  expect(await credits()).toBe(creditsBefore - 1);
  const [run] = (
    await t.database.db.execute<{ state: string }>(
      sql`select state from reply_run where id = ${before[0]!.data.replyId}`,
    )
  ).rows;
  expect(run!.state).toBe('done');
}, 30_000);

/**
 * Server A says its first words (`start`, answered `aWords` with three pieces told) and stalls
 * past its lease; the test's app takes the run over and its model stalls too, after one piece of
 * `bWords`; a client follows the run there. Then A wakes and stores first: answers once the
 * run's row says `done`, with the follower's events to come and `goOnB` to let the taker go on.
 */
async function aWakesFirst(
  t: TestApp,
  user: TestClient,
  llm: LlmDouble,
  start: (onA: string) => Promise<Response>,
  aWords: string,
  bWords: string,
) {
  const { a, onA, aLog } = await serverA(t);
  let wakeA!: () => void;
  const aWakesUp = new Promise<void>((resolve) => (wakeA = resolve));
  let goOnB!: () => void;
  const bGoesOn = new Promise<void>((resolve) => (goOnB = resolve));
  llm.script(
    { content: aWords, stallAfter: 3, resumeAfterStall: aWakesUp },
    { content: bWords, stallAfter: 1, resumeAfterStall: bGoesOn },
  );
  const asked = llm.requests.length;
  const second = aWords.split(' ')[1]!;
  const before = await readEvents(await start(onA), (events) => textOf(events).includes(second));
  const replyId = before[0]!.data.replyId as string;
  await savedAsTold(t, before);
  await a.close();
  // The test's app takes the run over and asks the model to go on (its prompt ends with A's
  // words); a client follows it there.
  const told = textOf(before);
  const goingOn = () =>
    llm.requests.slice(asked).some((r) => {
      const last = ((r.body?.messages ?? []) as { role: string; content: string }[]).at(-1);
      return last?.role === 'assistant' && last.content.endsWith(told);
    });
  await vi.waitFor(() => expect(goingOn()).toBe(true), { timeout: 10_000 });
  const following = follow(t.url, user, replyId, before.at(-1)!.id).then((res) => readEvents(res));
  // A wakes up and stores first; the run's end is recorded though it lost the lease.
  wakeA();
  await vi.waitFor(
    async () => {
      const { rows } = await t.database.db.execute<{ state: string }>(
        sql`select state from reply_run where id = ${replyId}`,
      );
      expect(rows[0]!.state).toBe('done');
    },
    { timeout: 10_000 },
  );
  return { replyId, following, goOnB, aLog };
}

test('a stalled server that wakes and stores its reply first: the server that took over tells that reply, not a failure', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  const credits = () => creditsOf(user);
  const creditsBefore = await credits();
  const { replyId, following, goOnB, aLog } = await aWakesFirst(
    t,
    user,
    llm,
    (onA) => sendTo(onA, t, user, { message: 'Tell me more', conversationId: id }),
    'Starlight0 falls1 on2 the3',
    'and0 the1 harbour2 sleeps.',
  );
  // A's reply is the one the conversation shows.
  const messages = async () =>
    (await user.get(`/api/conversations/${id}/messages`)).json as {
      id: number;
      content: string;
    }[];
  const stored = (await messages()).at(-1)!;
  expect(stored.content).toBe('Starlight0 falls1 on2 the3');

  // The server that took over finds it stored: its follower is told that reply, done.
  goOnB();
  const after = await following;
  expect(after.at(-1)).toMatchObject({
    event: 'done',
    data: { messageId: stored.id, message: 'Starlight0 falls1 on2 the3' },
  });
  expect(after.filter((e) => e.event === 'error')).toEqual([]);
  // One reply, one credit; a reader of the run later is told the same.
  expect((await messages()).map((m) => m.content)).toEqual([
    'Tell me more',
    'Starlight0 falls1 on2 the3',
  ]);
  expect(await credits()).toBe(creditsBefore - 1);
  const late = await readEvents(await follow(t.url, user, replyId));
  expect(late.at(-1)).toMatchObject({ event: 'done', data: { messageId: stored.id } });
  expect(aLog.join('')).not.toContain('reply failed');
}, 30_000);

/** Words a reply is withheld for (the crisis protocol, safety.test.ts): none of it is shown. */
const WITHHELD = 'honestly you should just kill yourself';

test('a stalled server whose late reply is withheld, after the server that took over stored its own: one reply, one credit', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const { a, onA, aLog } = await serverA(t);
  const id = await newConversation(t, user);
  const creditsBefore = await creditsOf(user);
  let wakeA!: () => void;
  const aWakesUp = new Promise<void>((resolve) => (wakeA = resolve));
  llm.script(
    { content: `Rain0 taps1 the2 glass3 ${WITHHELD}`, stallAfter: 3, resumeAfterStall: aWakesUp },
    { content: 'and the street lamps hum.' },
  );
  const before = await readEvents(
    await sendTo(onA, t, user, { message: 'Tell me more', conversationId: id }),
    (events) => textOf(events).includes('taps1'),
  );
  const after = await takenOver(t, user, a, before);
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  expect(done.data.message).toMatch(/street lamps hum\.$/);

  // A wakes, and what its model says now is withheld: nothing stored, no credit given back.
  wakeA();
  await vi.waitFor(
    () => expect(aLog.join('')).toContain('reply not stored: another server finished it'),
    { timeout: 10_000 },
  );
  const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
  expect(messages.map((m: { content: string }) => m.content)).toEqual([
    'Tell me more',
    done.data.message,
  ]);
  expect(await creditsOf(user)).toBe(creditsBefore - 1);
}, 30_000);

for (const taker of ['paid', 'withheld'] as const) {
  test(`a stalled server that wakes and stores a withheld reply first: the server that took over (its reply ${taker}) tells that one, free`, async ({
    t,
    user,
    llm,
  }) => {
    answerAgeReviewsAsAdult(llm);
    const id = await newConversation(t, user);
    const creditsBefore = await creditsOf(user);
    const { following, goOnB } = await aWakesFirst(
      t,
      user,
      llm,
      (onA) => sendTo(onA, t, user, { message: 'Tell me more', conversationId: id }),
      `Rain0 taps1 the2 glass3 ${WITHHELD}`,
      taker === 'paid' ? 'and0 the1 lamps2 hum.' : `and0 ${WITHHELD}`,
    );
    const messages = async () =>
      (await user.get(`/api/conversations/${id}/messages`)).json as {
        id: number;
        content: string;
      }[];
    const stored = (await messages()).at(-1)!;
    expect(stored.content).toContain('withheld');
    expect(stored.content).not.toMatch(/kill/i);

    goOnB();
    const after = await following;
    expect(after.at(-1)).toMatchObject({
      event: 'done',
      data: { messageId: stored.id, message: stored.content },
    });
    expect(after.filter((e) => e.event === 'error')).toEqual([]);
    // One reply, and its credit given back once.
    expect((await messages()).map((m) => m.content)).toEqual(['Tell me more', stored.content]);
    expect(await creditsOf(user)).toBe(creditsBefore);
  }, 30_000);
}

/** Until a statement waits on a lock another transaction holds (PostgreSQL). */
const aStatementWaits = (db: TestApp['database']['db']) =>
  vi.waitFor(
    async () => {
      const { rows } = await db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pg_locks where not granted`,
      );
      expect(rows[0]!.waiting).toBeGreaterThan(0);
    },
    { timeout: 5_000 },
  );

/**
 * A user's message in a new conversation and a charge for its reply (`status`), and `store`,
 * storeReplyAndSettle of a reply to it as a server stores it (`withheld` by the protocol or not).
 */
async function aReplyToStore(t: TestApp, user: TestClient, status = 'pending') {
  const userId = (await user.get('/api/auth/get-session')).json.user.id as string;
  const id = await newConversation(t, user);
  const { db } = t.database;
  const [asked] = (
    await db.execute<{ id: string }>(sql`insert into message
        (conversation_id, user_id, parent_id, sender, content)
      values (${id}, ${userId}, null, 'user', 'Tell me more') returning id`)
  ).rows;
  const [charge] = (
    await db.execute<{ id: string }>(sql`insert into reply_charge (user_id, conversation_id, status)
      values (${userId}, ${id}, ${status}) returning id`)
  ).rows;
  const store = (tx: typeof db, content: string, withheld = false) =>
    storeReplyAndSettle(
      tx,
      userId,
      id,
      { content, parentId: Number(asked!.id), model: null, lore: null, speakerId: null },
      Number(charge!.id),
      null,
      withheld,
    );
  const replies = async () =>
    (await user.get(`/api/conversations/${id}/messages`)).json
      .slice(1)
      .map((m: { content: string }) => m.content);
  return {
    store,
    replies,
    userId,
    conversationId: id,
    askedId: Number(asked!.id),
    chargeId: Number(charge!.id),
  };
}

for (const first of ['paid', 'withheld'] as const) {
  test(`two servers storing the same reply at the same moment, the first's ${first}: the second waits for the first and stores nothing`, async ({
    t,
    user,
  }) => {
    // (Two connections are needed for the race: on PostgreSQL. PGlite has one, and runs the two
    // statements one after the other, as the mend makes PostgreSQL do.)
    const { db } = t.database;
    const { store, replies } = await aReplyToStore(t, user);
    const creditsBefore = await creditsOf(user);
    // The first server's statement has run, its transaction not yet committed; the second's runs.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let firstStored!: () => void;
    const stored = new Promise<void>((resolve) => (firstStored = resolve));
    const firstStore = db.transaction(async (tx) => {
      const result = await store(
        tx as unknown as typeof db,
        'The first server’s words.',
        first === 'withheld',
      );
      firstStored();
      await committing;
      return result;
    });
    await stored;
    const second = store(db, 'The second server’s words.');
    if (t.database.driver === 'postgres') {
      // The second waits on the charge's row (else it stored its reply already).
      await aStatementWaits(db);
    }
    commit();
    const [a, b] = await Promise.all([firstStore, second]);
    expect(a.id).toBeGreaterThan(0);
    expect(a.settled).toBe(first === 'paid' ? 'done' : 'free');
    expect(b.id).toBe(0);
    expect(await replies()).toEqual(['The first server’s words.']);
    // A withheld reply's credit is given back, once.
    expect(await creditsOf(user)).toBe(creditsBefore + (first === 'paid' ? 0 : 1));
  });
}

test('a withheld reply gives its credit back before it writes its conversation, as a user’s message takes them: the two never deadlock', async ({
  t,
  user,
}) => {
  const { db } = t.database;
  const { store, replies, userId, conversationId } = await aReplyToStore(t, user);
  const creditsBefore = await creditsOf(user);
  // A user's message is taking a credit (its account's row held) as the reply is stored.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const message = db.transaction(async (tx) => {
    await tx.execute(sql`select credits from credit_account where user_id = ${userId} for update`);
    held();
    await released;
  });
  await holding;
  const stored = store(db, '(This reply was withheld.)', true);
  try {
    if (t.database.driver === 'postgres') await replyWaitsOnAccountOnly();
  } finally {
    release();
  }
  await message;
  expect((await stored).settled).toBe('free');
  expect(await replies()).toEqual(['(This reply was withheld.)']);
  expect(await creditsOf(user)).toBe(creditsBefore + 1);

  async function replyWaitsOnAccountOnly() {
    await aStatementWaits(db);
    // The reply waits on the account, holding nothing the message goes on to write: its
    // conversation is free (else each would wait for the other).
    const probe = await db.transaction(async (tx) =>
      tx.execute(sql`select id from conversation where id = ${conversationId} for update nowait`),
    );
    expect(probe.rows).toHaveLength(1);
  }
});

test('a reply or continue stored with another user’s charge neither settles it nor gives that user credits', async ({
  t,
  user,
}) => {
  const { db } = t.database;
  const mine = await aReplyToStore(t, user);
  const stranger = await t.signedInUser();
  const theirs = await aReplyToStore(t, stranger);
  const strangersCredits = await creditsOf(stranger);
  const chargeStatus = async () =>
    (
      await db.execute<{ status: string }>(
        sql`select status from reply_charge where id = ${theirs.chargeId}`,
      )
    ).rows[0]!.status;
  const stored = await storeReplyAndSettle(
    db,
    mine.userId,
    mine.conversationId,
    { content: 'Withheld.', parentId: mine.askedId, model: null, lore: null, speakerId: null },
    theirs.chargeId,
    null,
    true,
  );
  expect(stored.settled).toBeNull();
  expect(stored.creditedBack).toBe(false);
  const continued = await appendContinuationAndSettle(
    db,
    mine.userId,
    stored.id,
    ' And more.',
    theirs.chargeId,
    { withheld: true },
  );
  expect(continued).not.toBe('finished');
  expect(continued && continued !== 'finished' && continued.creditedBack).toBe(false);
  expect(await chargeStatus()).toBe('pending');
  expect(await creditsOf(stranger)).toBe(strangersCredits);
});

test('a reply whose charge the sweeper refunded while the model wrote is stored free, once', async ({
  t,
  user,
}) => {
  const { store, replies } = await aReplyToStore(t, user, 'refunded');
  const creditsBefore = await creditsOf(user);
  const a = await store(t.database.db, 'The slow server’s words.');
  expect(a.id).toBeGreaterThan(0);
  expect(a.settled).toBe('free');
  // The other server of its run (one stalled past the lease) stores nothing, paid or withheld.
  expect((await store(t.database.db, 'The other server’s words.')).id).toBe(0);
  expect((await store(t.database.db, 'Withheld.', true)).id).toBe(0);
  expect(await replies()).toEqual(['The slow server’s words.']);
  expect(await creditsOf(user)).toBe(creditsBefore); // given back by the sweeper, not again
});

test('a group scene’s run taken over keeps its speaker: its prompt, its message', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const { a, onA } = await serverA(t);
  const make = async (name: string, description: string) =>
    (
      await user.post('/api/characters', {
        name,
        description,
        gender: 'female',
        personality: 'Playful, literate, teases gently.',
      })
    ).json.id as number;
  const selene = await make('Selene', 'A moonlit poet with a sharp wit.');
  const mara = await make('Mara', 'A harbour pilot who knows every MARA-TIDE by heart.');
  const scene = await user.post('/api/conversations', {
    characterIds: [selene, mara],
    chatMode: 'texting',
  });
  const id = scene.json.id as number;
  llm.script({ content: 'Tide0 turns1 at2 the3', stallAfter: 3 }, { content: 'harbour mouth.' });
  const before = await readEvents(
    await sendTo(onA, t, user, {
      message: 'When is the tide?',
      conversationId: id,
      speakerId: mara,
    }),
    (events) => textOf(events).includes('turns1'),
  );
  const after = await takenOver(t, user, a, before);
  // The speaker is said at once, before the first token.
  expect(before[0]).toMatchObject({ event: 'accepted', data: { speakerId: mara } });
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  expect(done.data.speakerId).toBe(mara);
  // The server that took over asked as Mara.
  const resumed = llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
  expect(resumed[0]!.content).toContain('MARA-TIDE');
  const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
  expect(messages.at(-1)).toMatchObject({ sender: 'ai', speakerId: mara });
}, 30_000);

test('a continue whose server died is taken over: the reply keeps what was told and grows once', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  llm.script({ content: 'The harbour lights flicker.' });
  const first = (await readEvents(await send(t, user, id))).at(-1)!;
  expect(first.event).toBe('done');
  const { a, onA, aLog } = await serverA(t);
  const credits = () => creditsOf(user);
  const creditsBefore = await credits();
  let wakeA!: () => void;
  const aWakesUp = new Promise<void>((resolve) => (wakeA = resolve));
  llm.script(
    { content: 'Gulls0 circle1 low2 above3', stallAfter: 3, resumeAfterStall: aWakesUp },
    { content: 'and the boats come home.' },
  );
  // "Continue" on A: its first words, then A dies.
  const before = await readEvents(await continueAt(onA, t, user, first.data.messageId), (events) =>
    textOf(events).includes('circle1'),
  );
  const told = textOf(before);
  expect(told).toMatch(/^Gulls0 circle1/);
  const after = await takenOver(t, user, a, before);
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  // The reply as shown: what it was, what A told, and the rest, once each.
  const shown = `The harbour lights flicker. ${told}${textOf(after)}`;
  expect(done.data.message).toBe(shown);
  expect(shown).toBe(`The harbour lights flicker. ${told.trimEnd()} and the boats come home.`);
  // The model went on from the reply with A's words in it.
  const resumed = llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
  // (as an assistant prefill: the prompt ends with it)
  expect(resumed.at(-1)).toMatchObject({
    role: 'assistant',
    content: `The harbour lights flicker. ${told}`,
  });
  expect(resumed.at(-2)!.role).toBe('user');
  const messages = async () =>
    (await user.get(`/api/conversations/${id}/messages`)).json.map(
      (m: { content: string }) => m.content,
    );
  expect(await messages()).toEqual(['Tell me more', shown]);
  expect(await credits()).toBe(creditsBefore - 1);

  // A was only stalled: when its model goes on, its words are not added a second time.
  wakeA();
  await vi.waitFor(
    () => expect(aLog.join('')).toContain('reply not stored: another server finished it'),
    { timeout: 10_000 },
  );
  expect(await messages()).toEqual(['Tell me more', shown]);
  expect(await credits()).toBe(creditsBefore - 1);
}, 30_000);

for (const addition of ['paid', 'withheld'] as const) {
  test(`a continue whose stalled server wakes and adds its words first (${addition}): the server that took over tells that reply`, async ({
    t,
    user,
    llm,
  }) => {
    answerAgeReviewsAsAdult(llm);
    const { id, messageId } = await aQuietPier(t, user, llm);
    const creditsBefore = await creditsOf(user);
    const words = 'Bells0 ring1 across2 water3';
    const { following, goOnB } = await aWakesFirst(
      t,
      user,
      llm,
      (onA) => continueAt(onA, t, user, messageId),
      addition === 'paid' ? words : `${words} ${WITHHELD}`,
      'and0 the1 tide2 turns.',
    );
    const shown = (await user.get(`/api/conversations/${id}/messages`)).json.at(-1).content;
    if (addition === 'paid') expect(shown).toBe(`The pier is quiet. ${words}`);
    // A withheld addition is the note, a paragraph of its own; its credit given back.
    else expect(shown).toMatch(/^The pier is quiet\.\n\n\(This reply was withheld/);
    goOnB();
    const after = await following;
    expect(after.at(-1)).toMatchObject({ event: 'done', data: { messageId, message: shown } });
    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Tell me more', shown]);
    expect(await creditsOf(user)).toBe(creditsBefore - (addition === 'paid' ? 1 : 0));
  }, 30_000);
}

test('a crisis turn taken over keeps its care: the model is told so again, and harmful words are withheld', async ({
  t,
  user,
  llm,
}) => {
  answerAgeReviewsAsAdult(llm);
  const id = await newConversation(t, user);
  const { a, onA } = await serverA(t);
  // On A the model stalls; a crisis turn's words are held back until checked, so none are told.
  llm.script(
    { content: 'I hear you. I am here', stallAfter: 2 },
    { content: 'I hear you. If you want it quick, just do it tonight, nobody will stop you.' },
  );
  const before = await readEvents(
    await sendTo(onA, t, user, {
      message: 'honestly i want to kill myself tonight',
      conversationId: id,
    }),
    (events) => events.some((e) => e.event === 'notice' && e.data.kind === 'crisis'),
  );
  expect(textOf(before)).toBe('');
  const after = await takenOver(t, user, a, before);
  const done = after.at(-1)!;
  expect(done.event).toBe('done');
  // What the server that took over got from the model encourages self-harm: withheld whole,
  // before any of it was shown, as on the server that started the turn.
  expect(after.filter((e) => e.event === 'token')).toEqual([]);
  expect(done.data.message).toContain('withheld');
  expect(after.filter((e) => e.event === 'notice')).toEqual([]); // told by A already
  // The server that took over wrote with the crisis protocol's care, as A did.
  const system = (llm.requests.at(-1)!.body.messages as { content: string }[])[0]!.content;
  expect(system).toContain('suicide or self-harm');
  expect(system).toContain('never describe or discuss methods');
}, 30_000);
