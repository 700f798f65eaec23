/**
 * Voice replies (issue 50 part 1): POST /api/messages/{id}/speech reads a character's message
 * aloud in its voice through an OpenAI-style /audio/speech server (a local stand-in speaking its
 * real protocol), streamed sentence by sentence, without the action text; the audio is kept per
 * message, voice and words (a replay asks nothing and costs nothing) and goes with the message.
 * SPEECH_CREDITS are taken when audio is made and given back when it fails; without TTS_MODEL
 * the routes answer 503 and the site status says there are no voice replies.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileRemoval, message, messageSpeech, replyCharge } from '../../src/server/db/schema';
import {
  refundStaleCharges,
  STALE_CHARGE_MS,
} from '../../src/server/modules/credits/credits.service';
import { SPEECH_MESSAGES } from '../../src/shared/voice/contract';
import { mp3Bytes } from '../doubles/audio';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { speechSecondsOf, startSpeechDouble, type SpeechDouble } from '../doubles/speech-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { creditsOf, userWithCredits } from './support/credits';
import { maintenanceSwitch } from './support/maintenance';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let bare: TestApp;
let speech: SpeechDouble;
let llm: LlmDouble;

beforeAll(async () => {
  [speech, llm] = await Promise.all([startSpeechDouble(), startLlmDouble()]);
  answerAgeReviewsAsAdult(llm);
  [t, bare] = await Promise.all([
    startTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
      TTS_BASE_URL: speech.url,
      TTS_MODEL: 'tts-1',
      TTS_API_KEY: 'tts-key',
      TTS_VOICES: 'nova:Nova (warm), onyx, af_bella',
      SPEECH_CREDITS: '2',
    }),
    startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }),
  ]);
});
beforeEach(() => speech.reset());
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await Promise.all([speech.stop(), llm.stop()]);
});

const REPLY =
  '*smiles and sets down the lantern* Welcome back, traveller! The sea was loud tonight. ' +
  '*glances at the window* Did you hear the bell from the lighthouse?';
const SPOKEN_PIECES = [
  'Welcome back, traveller!',
  'The sea was loud tonight.',
  'Did you hear the bell from the lighthouse?',
];
const audioOf = (pieces: string[]) =>
  Buffer.concat(pieces.map((piece) => mp3Bytes(speechSecondsOf(piece))));

/** A character (with `voice`) and a conversation holding the user's line and a reply. */
async function conversationWithReply(
  app: TestApp,
  user: { c: TestClient; id: string },
  options: { voice?: string | null; reply?: string } = {},
) {
  const character = await user.c.post('/api/characters', {
    name: 'Marin',
    description: 'A lighthouse keeper on a stormy coast.',
    gender: 'female',
    personality: 'Warm, wry and patient.',
    ...(options.voice !== undefined ? { voice: options.voice } : {}),
  });
  expect(character.status, character.text).toBe(201);
  const started = await user.c.post('/api/conversations', {
    characterId: character.json.id,
    chatMode: 'texting',
  });
  expect(started.status, started.text).toBe(201);
  const conversationId = started.json.id as number;
  const [mine] = await app.database.db
    .insert(message)
    .values({ conversationId, userId: user.id, sender: 'user', content: 'Good evening!' })
    .returning({ id: message.id });
  const [reply] = await app.database.db
    .insert(message)
    .values({
      conversationId,
      userId: user.id,
      sender: 'ai',
      parentId: mine!.id,
      content: options.reply ?? REPLY,
    })
    .returning({ id: message.id });
  return {
    characterId: character.json.id as number,
    conversationId,
    userMessageId: mine!.id,
    replyId: reply!.id,
  };
}

/** A character's message after `parentId` (said by `speakerId` in a group scene); its id. */
async function laterReply(
  userId: string,
  conversationId: number,
  parentId: number,
  content: string,
  speakerId?: number,
) {
  const [row] = await t.database.db
    .insert(message)
    .values({ conversationId, userId, sender: 'ai', parentId, content, speakerId })
    .returning({ id: message.id });
  return row!.id;
}

/** The whole answer of a read-aloud, as the browser receives it. */
async function listen(c: TestClient, messageId: number) {
  const res = await fetch(`${t.url}/api/messages/${messageId}/speech`, {
    method: 'POST',
    headers: { cookie: c.cookieHeader, origin: t.url },
  });
  const body = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
  return { status: res.status, type: res.headers.get('content-type'), body, res };
}

describe('POST /api/messages/{id}/speech', () => {
  it('reads the words in order, a sentence at a time, without the action text, in the character’s voice', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user, { voice: 'onyx' });
    const heard = await listen(user.c, replyId);
    expect(heard.status, heard.body.toString()).toBe(200);
    expect(heard.type).toBe('audio/mpeg');
    expect(heard.res.headers.get('cache-control')).toBe('private, no-store');
    expect(speech.spoken.map((s) => s.input)).toEqual(SPOKEN_PIECES);
    expect(speech.spoken[0]).toMatchObject({
      model: 'tts-1',
      voice: 'onyx',
      responseFormat: 'mp3',
      authorization: 'Bearer tts-key',
    });
    // The pieces' audio, one after the other.
    expect(heard.body.equals(audioOf(SPOKEN_PIECES))).toBe(true);
    expect(await creditsOf(user.c)).toBe(8);
  });

  it('reads a group scene’s line in the voice of the character who said it', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId, replyId } = await conversationWithReply(t, user, { voice: 'onyx' });
    const bea = await user.c.post('/api/characters', {
      name: 'Bea',
      description: 'A ferry pilot who knows every current of the bay.',
      gender: 'female',
      personality: 'Brisk and kind.',
      voice: 'af_bella',
    });
    expect(bea.status, bea.text).toBe(201);
    const line = (speakerId: number) =>
      laterReply(user.id, conversationId, replyId, 'The tide turns at nine.', speakerId);
    expect((await listen(user.c, await line(bea.json.id as number))).status).toBe(200);
    // A speaker deleted since (not a foreign key): the default voice, not the scene's first one.
    expect((await listen(user.c, await line(2_000_000_000))).status).toBe(200);
    expect(speech.spoken.map((s) => s.voice)).toEqual(['af_bella', 'nova']);
  });

  it('plays before the rest is made: the first sentence arrives while the second is still being spoken', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user);
    // The second sentence's provider thinks until the first sentence's audio has been read, or
    // for 10 s: a server that waited for every sentence before it sent any would be heard then.
    let answerSecond!: () => void;
    let gaveUpWaiting = false;
    const secondMayAnswer = new Promise<void>((resolve) => (answerSecond = resolve));
    const giveUp = setTimeout(() => {
      gaveUpWaiting = true;
      answerSecond();
    }, 10_000);
    speech.scriptSpeech({}, { waitFor: secondMayAnswer }, {});
    const res = await fetch(`${t.url}/api/messages/${replyId}/speech`, {
      method: 'POST',
      headers: { cookie: user.c.cookieHeader, origin: t.url },
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    // The second sentence's provider is still thinking: what came is the first sentence's.
    expect(gaveUpWaiting).toBe(false);
    clearTimeout(giveUp);
    answerSecond();
    let rest = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      rest += next.value.byteLength;
    }
    expect(first.value!.byteLength + rest).toBe(audioOf(SPOKEN_PIECES).length);
  });

  it('keeps the audio: a replay asks no provider and costs nothing; new words are read again', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user, { voice: 'nova' });
    const first = await listen(user.c, replyId);
    expect(first.status).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(messageSpeech)
      .where(eq(messageSpeech.messageId, replyId));
    expect(kept).toMatchObject({ voice: 'nova', byteSize: first.body.length });
    const file = path.join(t.dataDir, 'avatars', kept!.storageKey);
    expect(existsSync(file)).toBe(true);

    speech.reset();
    const again = await listen(user.c, replyId);
    expect(again.body.equals(first.body)).toBe(true);
    expect(speech.spoken).toHaveLength(0);
    expect(await creditsOf(user.c)).toBe(8);

    // The reply edited: its new words are read, and the old audio's file is removed.
    await t.database.db
      .update(message)
      .set({ content: 'Sleep well. *turns down the lamp*' })
      .where(eq(message.id, replyId));
    const edited = await listen(user.c, replyId);
    expect(edited.status).toBe(200);
    expect(speech.spoken.map((s) => s.input)).toEqual(['Sleep well.']);
    expect(existsSync(file)).toBe(false);
    expect(await creditsOf(user.c)).toBe(6);
  });

  it('goes with its message: deleting the conversation records the audio’s file for removal', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId, conversationId } = await conversationWithReply(t, user);
    expect((await listen(user.c, replyId)).status).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(messageSpeech)
      .where(eq(messageSpeech.messageId, replyId));
    // Recorded as pending while it was stored before its row; forgotten with the row.
    expect(
      await t.database.db.select().from(fileRemoval).where(eq(fileRemoval.key, kept!.storageKey)),
    ).toEqual([]);
    expect((await user.c.delete(`/api/conversations/${conversationId}`)).status).toBe(200);
    expect(
      await t.database.db.select().from(messageSpeech).where(eq(messageSpeech.messageId, replyId)),
    ).toEqual([]);
    const recorded = await t.database.db
      .select()
      .from(fileRemoval)
      .where(eq(fileRemoval.key, kept!.storageKey));
    expect(recorded).toHaveLength(1);
  });

  it('gives the credits back when the voice fails, before or during the audio, and keeps nothing', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user);
    speech.scriptSpeech({ status: 500 });
    const refused = await user.c.post(`/api/messages/${replyId}/speech`);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toBe('The voice could not be made. Please try again.');
    expect(await creditsOf(user.c)).toBe(10);

    speech.scriptSpeech({}, { breakOff: true });
    const broken = await fetch(`${t.url}/api/messages/${replyId}/speech`, {
      method: 'POST',
      headers: { cookie: user.c.cookieHeader, origin: t.url },
    });
    expect(broken.status).toBe(200);
    await expect(broken.arrayBuffer()).rejects.toThrow();
    await expect.poll(() => creditsOf(user.c)).toBe(10);
    expect(
      await t.database.db.select().from(messageSpeech).where(eq(messageSpeech.messageId, replyId)),
    ).toEqual([]);
  });

  it('gives the credits back at once to a listener who leaves mid-voice', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user);
    // The second sentence takes as long as the test: the charge must come back without it.
    let answerSecond!: () => void;
    const never = new Promise<void>((resolve) => (answerSecond = resolve));
    speech.scriptSpeech({}, { waitFor: never });
    const leaving = new AbortController();
    const res = await fetch(`${t.url}/api/messages/${replyId}/speech`, {
      method: 'POST',
      headers: { cookie: user.c.cookieHeader, origin: t.url },
      signal: leaving.signal,
    });
    const reader = res.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
    expect(await creditsOf(user.c)).toBe(8);
    leaving.abort();
    await expect.poll(() => creditsOf(user.c), { timeout: 3_000 }).toBe(10);
    answerSecond();
  });

  it('keeps nothing for a listener so slow the charge sweep gave the credits back meanwhile', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user);
    let answerSecond!: () => void;
    const second = new Promise<void>((resolve) => (answerSecond = resolve));
    speech.scriptSpeech({}, { waitFor: second });
    const res = await fetch(`${t.url}/api/messages/${replyId}/speech`, {
      method: 'POST',
      headers: { cookie: user.c.cookieHeader, origin: t.url },
    });
    const reader = res.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
    expect(await creditsOf(user.c)).toBe(8);
    // Still reading past the sweep's age: the sweep takes the charge for a dead one.
    await t.database.db
      .update(replyCharge)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(and(eq(replyCharge.userId, user.id), eq(replyCharge.status, 'pending')));
    const ctx = { db: t.database.db, log: pino({ level: 'silent' }) };
    expect(await refundStaleCharges(ctx, STALE_CHARGE_MS(t.config))).toBe(1);
    answerSecond();
    while (!(await reader.read()).done);
    expect(await creditsOf(user.c)).toBe(10);
    expect(
      await t.database.db.select().from(messageSpeech).where(eq(messageSpeech.messageId, replyId)),
    ).toEqual([]);
    // So the next listen is made, and paid for, again.
    const again = await listen(user.c, replyId);
    expect(again.status).toBe(200);
    expect(speech.spoken).toHaveLength(SPOKEN_PIECES.length * 2);
    expect(await creditsOf(user.c)).toBe(8);
  });

  it('gives the credits back to a listener gone before the first sound, and keeps nothing', async () => {
    const user = await userWithCredits(t, 10);
    const { replyId } = await conversationWithReply(t, user);
    let answerFirst!: () => void;
    const firstMayAnswer = new Promise<void>((resolve) => (answerFirst = resolve));
    speech.scriptSpeech({ waitFor: firstMayAnswer });
    const early = new AbortController();
    const asked = fetch(`${t.url}/api/messages/${replyId}/speech`, {
      method: 'POST',
      headers: { cookie: user.c.cookieHeader, origin: t.url },
      signal: early.signal,
    }).catch(() => undefined);
    await expect.poll(() => speech.spoken.length).toBe(1);
    expect(await creditsOf(user.c)).toBe(8);
    early.abort();
    await asked;
    answerFirst();
    await expect.poll(() => creditsOf(user.c), { timeout: 3_000 }).toBe(10);
    expect(
      await t.database.db.select().from(messageSpeech).where(eq(messageSpeech.messageId, replyId)),
    ).toEqual([]);
  });

  it('is paused with replies for maintenance when it costs credits, while a kept one still plays', async () => {
    const pause = await maintenanceSwitch(t);
    const user = await userWithCredits(t, 10);
    const { replyId, conversationId } = await conversationWithReply(t, user);
    const heard = await listen(user.c, replyId);
    expect(heard.status).toBe(200);
    const unheard = await laterReply(user.id, conversationId, replyId, 'The bell rang twice.');
    speech.reset();
    await pause(true, 'Back at 18:00 UTC.');
    try {
      const paused = await user.c.post(`/api/messages/${unheard}/speech`);
      expect(paused.status).toBe(503);
      expect(paused.json.message).toBe('Back at 18:00 UTC.');
      expect(paused.headers.get('retry-after')).toBe('300');
      // A replay is a read: it plays, asking no provider.
      const replay = await listen(user.c, replyId);
      expect(replay.body.equals(heard.body)).toBe(true);
      expect(speech.spoken).toHaveLength(0);
      expect(await creditsOf(user.c)).toBe(8);
    } finally {
      await pause(false);
    }
    expect((await listen(user.c, unheard)).status).toBe(200);
    expect(await creditsOf(user.c)).toBe(6);
  });

  it('refuses what it cannot read, and what is not the user’s', async () => {
    const user = await userWithCredits(t, 10);
    const { userMessageId, replyId } = await conversationWithReply(t, user);
    const mine = await user.c.post(`/api/messages/${userMessageId}/speech`);
    expect(mine.status).toBe(400);
    expect(mine.json.message).toBe(SPEECH_MESSAGES.notCharacterMessage);

    const actions = await conversationWithReply(t, user, { reply: '*nods slowly* *smiles*' });
    const silent = await user.c.post(`/api/messages/${actions.replyId}/speech`);
    expect(silent.status).toBe(400);
    expect(silent.json.message).toBe(SPEECH_MESSAGES.nothingToSay);

    // A reply moderation removed is not read: its owner sees 'Removed by moderation' there.
    const removed = await conversationWithReply(t, user);
    await t.database.db
      .update(message)
      .set({ moderatedAt: new Date() })
      .where(eq(message.id, removed.replyId));
    const unread = await user.c.post(`/api/messages/${removed.replyId}/speech`);
    expect(unread.status).toBe(400);
    expect(unread.json.message).toBe(SPEECH_MESSAGES.nothingToSay);

    const stranger = await userWithCredits(t, 10);
    expect((await stranger.c.post(`/api/messages/${replyId}/speech`)).status).toBe(404);
    expect((await user.c.post('/api/messages/999999999/speech')).status).toBe(404);
    expect((await t.client().post(`/api/messages/${replyId}/speech`)).status).toBe(401);

    const broke = await userWithCredits(t, 1);
    const theirs = await conversationWithReply(t, broke);
    expect((await broke.c.post(`/api/messages/${theirs.replyId}/speech`)).status).toBe(403);
    expect(speech.spoken).toHaveLength(0);
  });

  it('answers 503 without TTS_MODEL, and the site status offers no voice replies', async () => {
    const user = await userWithCredits(bare, 10);
    const { replyId } = await conversationWithReply(bare, user);
    const res = await user.c.post(`/api/messages/${replyId}/speech`);
    expect(res.status).toBe(503);
    expect(res.json.message).toBe(SPEECH_MESSAGES.notConfigured);
    expect((await user.c.get('/api/site/status')).json.features).toMatchObject({
      voiceReplies: false,
      speechCredits: 0,
    });
    expect((await user.c.get('/api/voices')).json).toEqual({
      configured: false,
      voices: [],
      defaultVoice: null,
      speechCredits: 0,
    });
    expect((await user.c.get('/api/voices/nova/sample')).status).toBe(503);
    // A voice cannot be chosen where none is offered.
    const refused = await user.c.post('/api/characters', {
      name: 'Marin',
      description: 'A lighthouse keeper.',
      gender: 'female',
      personality: 'Warm.',
      voice: 'nova',
    });
    expect(refused.status).toBe(400);
  });
});

describe('voices', () => {
  it('lists the operator’s voices with their labels, and what a read-aloud costs', async () => {
    const { c } = await userWithCredits(t, 10);
    expect((await c.get('/api/voices')).json).toEqual({
      configured: true,
      voices: [
        { id: 'nova', label: 'Nova (warm)' },
        { id: 'onyx', label: 'Onyx' },
        { id: 'af_bella', label: 'Af bella' },
      ],
      defaultVoice: 'nova',
      speechCredits: 2,
    });
    expect((await c.get('/api/site/status')).json.features).toMatchObject({
      voiceReplies: true,
      speechCredits: 2,
    });
    expect((await t.client().get('/api/voices')).status).toBe(401);
  });

  it('keeps a character’s voice, refuses one not offered, and null is the default', async () => {
    const user = await userWithCredits(t, 10);
    const { characterId, replyId } = await conversationWithReply(t, user, { voice: 'af_bella' });
    expect((await user.c.get(`/api/characters/${characterId}`)).json.voice).toBe('af_bella');
    const refused = await user.c.put(`/api/characters/${characterId}`, { voice: 'robot' });
    expect(refused.status).toBe(400);
    expect(refused.json.issues).toEqual([
      { path: 'voice', message: 'Choose one of the voices offered.' },
    ]);
    const reset = await user.c.put(`/api/characters/${characterId}`, { voice: null });
    expect(reset.json.voice).toBeNull();
    await listen(user.c, replyId);
    expect(speech.spoken[0]!.voice).toBe('nova');
  });

  it('plays a sample of a voice, made once', async () => {
    const { c } = await userWithCredits(t, 10);
    const sample = await fetch(`${t.url}/api/voices/onyx/sample`, {
      headers: { cookie: c.cookieHeader },
    });
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await sample.arrayBuffer());
    expect(bytes.subarray(0, 2).equals(Buffer.from([0xff, 0xfb]))).toBe(true);
    expect(speech.spoken).toEqual([expect.objectContaining({ voice: 'onyx' })]);
    const again = await c.get('/api/voices/onyx/sample');
    expect(again.status).toBe(200);
    expect(speech.spoken).toHaveLength(1);
    expect((await c.get('/api/voices/robot/sample')).status).toBe(404);
    expect(await creditsOf(c)).toBe(10);
  });
});

describe('auto-play', () => {
  it('is kept per conversation', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    expect((await user.c.get(`/api/conversations/${conversationId}`)).json.autoPlayReplies).toBe(
      false,
    );
    const on = await user.c.put(`/api/conversations/${conversationId}`, { autoPlayReplies: true });
    expect(on.status, on.text).toBe(200);
    expect(on.json.autoPlayReplies).toBe(true);
    expect((await user.c.get(`/api/conversations/${conversationId}`)).json.autoPlayReplies).toBe(
      true,
    );
    const stranger = await userWithCredits(t, 10);
    expect(
      (await stranger.c.put(`/api/conversations/${conversationId}`, { autoPlayReplies: false }))
        .status,
    ).toBe(404);
    expect(
      (await user.c.put(`/api/conversations/${conversationId}`, { autoPlayReplies: 'yes' })).status,
    ).toBe(400);
  });
});
