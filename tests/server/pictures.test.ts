/**
 * Pictures in chat (issue 50 part 3): POST /api/conversations/{id}/pictures asks the character
 * for a picture of the current scene. The character's model describes it from the end of the
 * conversation (a local OpenAI-compatible stand-in), the adults-only rule reads the user's words
 * and that description before any image is asked for, the images API (the same stand-in) paints
 * it, and it arrives as the character's message with an image attachment that only its owner can
 * read. PICTURE_CREDITS are taken and given back when no picture comes; a refusal costs nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversation, fileRemoval, message } from '../../src/server/db/schema';
import { PICTURE_MESSAGES } from '../../src/shared/pictures/contract';
import { PICTURE_STORY_OPTION } from '../../src/shared/pictures/rules';
import { ADULTS_ONLY_PAUSED_MESSAGE } from '../../src/shared/safety/rules';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { answerAgeReviewsAsAdult, requestsFor } from './support/llm';
import { creditsOf, userWithCredits } from './support/credits';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let bare: TestApp;
let llm: LlmDouble;

const SCENE = 'Marin on the lighthouse gallery at dusk, wind in her grey coat, smiling, lamp lit.';
const CAPTION = 'The lamp is lit. Thought you should see the view.';

beforeAll(async () => {
  llm = await startLlmDouble();
  [t, bare] = await Promise.all([
    startTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
      IMAGE_MODEL: 'img-1',
      PICTURE_CREDITS: '3',
    }),
    startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }),
  ]);
});
let painted: Buffer;
beforeEach(async () => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
  llm.answerSchema('picture_scene', {
    content: JSON.stringify({ scene: SCENE, caption: CAPTION }),
  });
  painted ??= await makeImage('png', 640, 480);
  llm.setDefault({ image: painted });
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await llm.stop();
});

/** A character and a conversation holding the user's line and a reply. */
async function conversationWithReply(app: TestApp, user: { c: TestClient; id: string }) {
  const character = await user.c.post('/api/characters', {
    name: 'Marin',
    description: 'A lighthouse keeper in her forties with silver-streaked hair and a grey coat.',
    gender: 'female',
    personality: 'Warm, wry and patient.',
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
    .values({ conversationId, userId: user.id, sender: 'user', content: 'Is the lamp lit yet?' })
    .returning({ id: message.id });
  const [reply] = await app.database.db
    .insert(message)
    .values({
      conversationId,
      userId: user.id,
      sender: 'ai',
      parentId: mine!.id,
      content: 'Just about. *climbs the last stairs* The sea is calm tonight.',
    })
    .returning({ id: message.id });
  await app.database.db
    .update(conversation)
    .set({ activeLeafId: reply!.id })
    .where(eq(conversation.id, conversationId));
  return { conversationId, replyId: reply!.id };
}

const imageRequests = () => llm.requests.filter((r) => r.path === '/v1/images/generations');
const ask = (c: TestClient, conversationId: number, body: object = {}) =>
  c.post(`/api/conversations/${conversationId}/pictures`, body);
async function download(c: TestClient, url: string) {
  const res = await fetch(`${t.url}${url}`, { headers: { cookie: c.cookieHeader } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/conversations/{id}/pictures', () => {
  it('paints the scene with the character’s look and adds it to the thread as the character’s message', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId, replyId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId, { prompt: 'you on the gallery at dusk' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      conversationId,
      sender: 'ai',
      content: `*sends you a picture*\n\n${CAPTION}`,
      attachments: [{ kind: 'image', width: 640, height: 480 }],
    });
    const id = res.json.id as number;
    expect(res.json.attachments[0].url).toBe(`/api/messages/${id}/attachments/0`);
    expect(await creditsOf(user.c)).toBe(7);

    // The scene was written by the character's model from the conversation and the user's wish.
    const [sceneCall] = requestsFor(llm, 'picture_scene');
    const sent = JSON.stringify(sceneCall!.body.messages);
    expect(sent).toContain('Marin');
    expect(sent).toContain('Is the lamp lit yet?');
    expect(sent).toContain('you on the gallery at dusk');
    // The image prompt: the look, the scene, and the adults-only statement every picture carries.
    const [painting] = imageRequests();
    expect(painting!.body.model).toBe('img-1');
    expect(painting!.body.prompt).toContain('Everyone depicted is an adult');
    expect(painting!.body.prompt).toContain('silver-streaked hair');
    expect(painting!.body.prompt).toContain(SCENE);

    // It ends the thread, after the reply, with its picture.
    const thread = await user.c.get(`/api/conversations/${conversationId}/messages`);
    const last = (thread.json as { id: number; parentId: number; attachments: unknown[] }[]).at(
      -1,
    )!;
    expect(last).toMatchObject({ id, parentId: replyId, attachments: res.json.attachments });

    // The file is a clean WebP of the painted size, for its owner only, kept privately.
    const got = await download(user.c, res.json.attachments[0].url);
    expect(got.res.status).toBe(200);
    expect(got.res.headers.get('content-type')).toBe('image/webp');
    expect(got.res.headers.get('cache-control')).toContain('private');
    const meta = await sharp(got.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      640,
      480,
      undefined,
    ]);
    const stranger = await t.signedInUser();
    expect((await download(stranger, res.json.attachments[0].url)).res.status).toBe(404);
    expect((await fetch(`${t.url}${res.json.attachments[0].url}`)).status).toBe(401);
    // Never served by the public avatar route.
    const [row] = await t.database.db.select().from(message).where(eq(message.id, id));
    const key = row!.attachments![0]!.key;
    expect((await fetch(`${t.url}/avatars/${key}`)).status).toBe(404);
  });

  it('refuses words that make someone a minor before anything is asked for, and charges nothing', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId, { prompt: 'you as a 15-year-old at school' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('15-year-old');
    expect(requestsFor(llm, 'picture_scene')).toHaveLength(0);
    expect(imageRequests()).toHaveLength(0);
    expect(await creditsOf(user.c)).toBe(10);
  });

  it('is refused while the account is paused as a minor’s: nothing asked for, nothing charged', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    const told = await user.c.post('/api/chat', {
      conversationId,
      message: "my mom says I can't be online after 10 because I'm 14",
    });
    expect([told.status, told.json.message]).toEqual([403, ADULTS_ONLY_PAUSED_MESSAGE]);
    const credits = await creditsOf(user.c);
    const res = await ask(user.c, conversationId);
    expect([res.status, res.json.message]).toEqual([403, ADULTS_ONLY_PAUSED_MESSAGE]);
    expect(requestsFor(llm, 'picture_scene')).toHaveLength(0);
    expect(imageRequests()).toHaveLength(0);
    expect(await creditsOf(user.c)).toBe(credits);
    const thread = await user.c.get(`/api/conversations/${conversationId}/messages`);
    expect(thread.json.filter((m: { sender: string }) => m.sender === 'ai')).toHaveLength(1);
  });

  it('refuses a scene the model wrote about a minor: no image is asked for and the credits come back', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    llm.answerSchema('picture_scene', {
      content: JSON.stringify({ scene: 'A 16-year-old girl on the beach', caption: 'Look!' }),
    });
    const res = await ask(user.c, conversationId);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(PICTURE_MESSAGES.sceneRefused);
    expect(imageRequests()).toHaveLength(0);
    expect(await creditsOf(user.c)).toBe(10);
    const thread = await user.c.get(`/api/conversations/${conversationId}/messages`);
    expect(thread.json).toHaveLength(2);
  });

  it('gives the credits back when the image fails, and adds nothing', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    llm.setDefault({ status: 500, body: '{"error":{"message":"boom"}}' });
    const res = await ask(user.c, conversationId);
    expect(res.status).toBe(502);
    expect(res.json.message).toBe(PICTURE_MESSAGES.failed);
    expect(await creditsOf(user.c)).toBe(10);
    const thread = await user.c.get(`/api/conversations/${conversationId}/messages`);
    expect(thread.json).toHaveLength(2);

    // Not an image at all: the same.
    llm.setDefault({ image: Buffer.from('not an image') });
    const junk = await ask(user.c, conversationId);
    expect(junk.status).toBe(502);
    expect(await creditsOf(user.c)).toBe(10);
  });

  it('says what is missing: credits (403), the conversation (404), the setting (503)', async () => {
    const poor = await userWithCredits(t, 2);
    const { conversationId } = await conversationWithReply(t, poor);
    const broke = await ask(poor.c, conversationId);
    expect(broke.status).toBe(403);
    expect(imageRequests()).toHaveLength(0);
    expect(await creditsOf(poor.c)).toBe(2);

    const other = await userWithCredits(t, 10);
    expect((await ask(other.c, conversationId)).status).toBe(404);
    expect(await creditsOf(other.c)).toBe(10);

    const elsewhere = await userWithCredits(bare, 10);
    const started = await conversationWithReply(bare, elsewhere);
    const off = await ask(elsewhere.c, started.conversationId);
    expect(off.status).toBe(503);
    expect(off.json.message).toBe(PICTURE_MESSAGES.notConfigured);
    const status = await elsewhere.c.get('/api/site/status');
    expect(status.json.features).toMatchObject({ pictures: false });
    const on = await other.c.get('/api/site/status');
    expect(on.json.features).toMatchObject({ pictures: true, pictureCredits: 3 });

    const long = await ask(poor.c, conversationId, { prompt: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(PICTURE_MESSAGES.promptTooLong);
  });

  it('cannot be regenerated or continued, and goes with its message (the file is removed)', async () => {
    const user = await userWithCredits(t, 20);
    const { conversationId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId);
    expect(res.status, res.text).toBe(200);
    const id = res.json.id as number;
    const regenerate = await user.c.post(`/api/messages/${id}/regenerate`, {});
    expect([regenerate.status, regenerate.json.message]).toEqual([
      400,
      PICTURE_MESSAGES.cannotRegenerate,
    ]);
    const more = await user.c.post(`/api/messages/${id}/continue`, {});
    expect([more.status, more.json.message]).toEqual([400, PICTURE_MESSAGES.cannotContinue]);

    const [row] = await t.database.db.select().from(message).where(eq(message.id, id));
    const key = row!.attachments![0]!.key;
    const file = path.join(t.dataDir, 'avatars', key);
    expect(existsSync(file)).toBe(true);
    // Recorded as pending while it was stored before its message; forgotten with the message's
    // statement (else the file-removal job would take it from the thread an hour on).
    expect(await t.database.db.select().from(fileRemoval).where(eq(fileRemoval.key, key))).toEqual(
      [],
    );
    expect((await user.c.delete(`/api/messages/${id}`)).status).toBe(200);
    const recorded = await t.database.db.select().from(fileRemoval).where(eq(fileRemoval.key, key));
    // Removed at once after the deletion, or left to the file-removal job: never forgotten.
    expect(recorded.length === 1 || !existsSync(file)).toBe(true);
    expect((await download(user.c, res.json.attachments[0].url)).res.status).toBe(404);
  });

  it('may be offered by the model among a story’s options, only where pictures can be made', async () => {
    const options = (last: string) => ({
      content: JSON.stringify({
        options: ['Light the lamp', 'Climb down', 'Call out', last].map((option, i) => ({
          number: i + 1,
          option,
        })),
      }),
    });
    llm.answerSchema('story_options', options(PICTURE_STORY_OPTION));
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    const res = await user.c.post('/api/generate-options', { conversationId });
    expect(res.status, res.text).toBe(200);
    expect(res.json.options[3].option).toBe(PICTURE_STORY_OPTION);
    const [asked] = requestsFor(llm, 'story_options');
    expect(JSON.stringify(asked!.body.messages)).toContain(PICTURE_STORY_OPTION);

    // Without images the model is not told it may offer one.
    llm.reset();
    llm.answerSchema('story_options', options('Wave'));
    const elsewhere = await userWithCredits(bare, 10);
    const there = await conversationWithReply(bare, elsewhere);
    const plain = await elsewhere.c.post('/api/generate-options', {
      conversationId: there.conversationId,
    });
    expect(plain.status, plain.text).toBe(200);
    const [told] = requestsFor(llm, 'story_options');
    expect(JSON.stringify(told!.body.messages)).not.toContain(PICTURE_STORY_OPTION);
  });

  it('stays on its branch: a new branch from before it does not show it, going back does', async () => {
    const user = await userWithCredits(t, 20);
    const { conversationId, replyId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId);
    expect(res.status, res.text).toBe(200);
    // 'Branch from here' on the reply before the picture: the new branch has no picture.
    const branched = await user.c.post('/api/assistant', {
      conversationId,
      message: 'Tell me about the storm instead.',
      parentId: replyId,
    });
    expect(branched.status, branched.text).toBe(200);
    const other = await user.c.get(`/api/conversations/${conversationId}/messages`);
    expect(other.json.some((m: { id: number }) => m.id === res.json.id)).toBe(false);
    // Back to the picture's branch: it is there, with its picture.
    const back = await user.c.put(`/api/conversations/${conversationId}/active-leaf`, {
      messageId: res.json.id,
    });
    expect(back.status, back.text).toBe(200);
    const again = await user.c.get(`/api/conversations/${conversationId}/messages`);
    expect(again.json.at(-1)).toMatchObject({ id: res.json.id, attachments: res.json.attachments });
    expect((await download(user.c, res.json.attachments[0].url)).res.status).toBe(200);
  });

  it('is hidden with its message once moderation removed it', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId);
    expect(res.status, res.text).toBe(200);
    await t.database.db
      .update(message)
      .set({ moderatedAt: new Date() })
      .where(eq(message.id, res.json.id));
    const thread = await user.c.get(`/api/conversations/${conversationId}/messages`);
    const last = (thread.json as { id: number; attachments: unknown[] }[]).at(-1)!;
    expect(last).toMatchObject({ id: res.json.id, attachments: [] });
    expect((await download(user.c, res.json.attachments[0].url)).res.status).toBe(404);
  });

  it('is in the account export: the file in the zip, named by its message and its transcript', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    const res = await ask(user.c, conversationId);
    expect(res.status, res.text).toBe(200);
    const [row] = await t.database.db.select().from(message).where(eq(message.id, res.json.id));
    const key = row!.attachments![0]!.key;
    const exported = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.c.cookieHeader },
    });
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    expect((await sharp(Buffer.from(files[`pictures/${key}`]!)).metadata()).format).toBe('webp');
    const json = JSON.parse(strFromU8(files['reverie-export.json']!));
    const exportedMessage = json.messages.find((m: { id: number }) => m.id === res.json.id);
    expect(exportedMessage.attachments).toEqual([
      { kind: 'image', file: `pictures/${key}`, width: 640, height: 480 },
    ]);
    const transcript = Object.entries(files).find(([name]) => name.endsWith('.md'))!;
    expect(strFromU8(transcript[1])).toContain(`![A picture](../pictures/${key})`);
  });

  it('leaves out a caption the crisis protocol’s guard reads as harmful, and is refused in a group scene', async () => {
    const user = await userWithCredits(t, 10);
    const { conversationId } = await conversationWithReply(t, user);
    llm.answerSchema('picture_scene', {
      content: JSON.stringify({
        scene: SCENE,
        caption: 'If you want it quick, just do it tonight, nobody will stop you.',
      }),
    });
    const res = await ask(user.c, conversationId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.content).toBe('*sends you a picture*');

    const make = async (name: string) => {
      const made = await user.c.post('/api/characters', {
        name,
        description: `${name}, a lighthouse keeper in her forties with a grey coat.`,
        gender: 'female',
        personality: 'Warm, wry and patient.',
      });
      expect(made.status, made.text).toBe(201);
      return made.json.id as number;
    };
    const group = await user.c.post('/api/conversations', {
      characterIds: [await make('Ada'), await make('Bea')],
      chatMode: 'texting',
    });
    expect(group.status, group.text).toBe(201);
    const before = await creditsOf(user.c);
    const refused = await ask(user.c, group.json.id);
    expect([refused.status, refused.json.message]).toEqual([400, PICTURE_MESSAGES.notInScenes]);
    expect(await creditsOf(user.c)).toBe(before);
  });
});
