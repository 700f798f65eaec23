/**
 * Web Push (issue 52 part 2) and unread marks (part 4). A local push service stands in for the
 * browsers' (tests/doubles/push-service.ts): it records what the server posts, and each "browser"
 * decrypts its payload with its own subscription keys, as a browser would.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscription } from '../../src/server/db/schema';
import { PUSH_ENDPOINT_REFUSED } from '../../src/shared/notifications/contract';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { startPushService, type PushServiceDouble } from '../doubles/push-service';
import { userWithCredits } from './support/credits';
import type { TestClient } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let llm: LlmDouble;
let push: PushServiceDouble;
const REPLY = 'Right here. *turns the radio down* Long night?';

beforeAll(async () => {
  [llm, push] = await Promise.all([startLlmDouble(), startPushService()]);
  t = await startTestApp(
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b', PUSH_ALLOW_HTTP_HOSTS: '127.0.0.1' },
    { jobs: true },
  );
});
beforeEach(() => {
  llm.reset();
  llm.setDefault({ content: REPLY });
  push.reset();
});
afterAll(async () => {
  await t.close();
  await Promise.all([llm.stop(), push.stop()]);
});

async function conversationWith(c: TestClient) {
  const character = await c.post('/api/characters', {
    name: 'Selene',
    description: 'A night-shift radio host in her thirties.',
    personality: 'Warm, wry and curious about people.',
    gender: 'female',
  });
  expect(character.status, character.text).toBe(201);
  const started = await c.post('/api/conversations', {
    characterId: character.json.id,
    chatMode: 'texting',
  });
  return started.json.id as number;
}

describe('GET /api/push/key', () => {
  it('answers one VAPID public key, generated into DATA_DIR on first start, to signed-in users only', async () => {
    expect((await t.client().get('/api/push/key')).status).toBe(401);
    const { c } = await userWithCredits(t, 1);
    const first = await c.get('/api/push/key');
    expect(first.status).toBe(200);
    expect(first.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await c.get('/api/push/key')).json.publicKey).toBe(first.json.publicKey);
    const file = path.join(t.dataDir, 'vapid-keys.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(first.json.publicKey);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('refuses endpoints the server must not post to: not https, or an internal address', async () => {
    const { c } = await userWithCredits(t, 1);
    const keys = push.browser().subscription.keys;
    for (const endpoint of [
      'http://push.example.com/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.0.4/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://intranet/x',
    ]) {
      const res = await c.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.json.message).toBe(PUSH_ENDPOINT_REFUSED);
    }
    const bad = await c.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.com/x',
      keys: { p256dh: 'not base64!', auth: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'keys.auth',
      'keys.p256dh',
    ]);
    const fine = await c.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    });
    expect(fine.status, fine.text).toBe(201);
  });

  it('keeps one row per browser, moves it to the account signed in now, and deletes only one’s own', async () => {
    const a = await userWithCredits(t, 1);
    const b = await userWithCredits(t, 1);
    const browser = push.browser();
    const first = await a.c.post('/api/push/subscriptions', browser.subscription);
    const again = await a.c.post('/api/push/subscriptions', browser.subscription);
    expect(again.json.id).toBe(first.json.id);
    const moved = await b.c.post('/api/push/subscriptions', browser.subscription);
    const rows = await t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, browser.subscription.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.id]);
    expect((await a.c.delete(`/api/push/subscriptions/${moved.json.id}`)).status).toBe(404);
    expect((await b.c.delete(`/api/push/subscriptions/${moved.json.id}`)).status).toBe(200);
    expect((await b.c.delete(`/api/push/subscriptions/${moved.json.id}`)).status).toBe(404);
  });
});

describe('a reply’s notification', () => {
  it('is discreet by default, names the character with a preview when allowed, and stops when turned off', async () => {
    const { c } = await userWithCredits(t, 10);
    const id = await conversationWith(c);
    const browser = push.browser();
    await c.post('/api/push/subscriptions', browser.subscription);
    expect((await c.get('/api/notifications/settings')).json).toEqual({
      replies: true,
      previews: false,
    });

    expect((await c.post('/api/chat', { message: 'You up?', conversationId: id })).status).toBe(
      200,
    );
    await expect.poll(() => browser.received().length, { timeout: 15_000 }).toBe(1);
    expect(browser.received()[0]).toEqual({
      kind: 'reply',
      title: 'Reverie',
      body: 'You have a new message.',
      url: `/chat/${id}`,
      tag: `conversation-${id}`,
      unread: 1,
    });
    // Nothing of what was said reaches the push service in the clear.
    const raw = push.pushes[0]!;
    expect(raw.body.toString('latin1')).not.toContain('radio');
    expect(raw.headers['content-encoding']).toBe('aes128gcm');
    expect(String(raw.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);

    const put = await c.put('/api/notifications/settings', { replies: true, previews: true });
    expect(put.status, put.text).toBe(200);
    await c.post('/api/chat', { message: 'Tell me about it', conversationId: id });
    await expect.poll(() => browser.received().length, { timeout: 15_000 }).toBe(2);
    expect(browser.received()[1]).toMatchObject({
      title: 'Selene',
      body: 'Right here. Long night?',
    });

    await c.put('/api/notifications/settings', { replies: false, previews: true });
    await c.post('/api/chat', { message: 'Goodnight', conversationId: id });
    // The reply after it is pushed to nobody (a check-in would still be).
    await new Promise((r) => setTimeout(r, 1500));
    expect(browser.received()).toHaveLength(2);
  });

  it('forgets a subscription its push service says is gone (404, 410) and still tells the others', async () => {
    const { c, id: userId } = await userWithCredits(t, 10);
    const id = await conversationWith(c);
    const gone = push.browser();
    const dead = push.browser();
    const alive = push.browser();
    for (const b of [gone, dead, alive]) await c.post('/api/push/subscriptions', b.subscription);
    push.answer(gone.subscription.endpoint, 410);
    push.answer(dead.subscription.endpoint, 404);
    await c.post('/api/chat', { message: 'Hello?', conversationId: id });
    await expect.poll(() => alive.received().length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select({ endpoint: pushSubscription.endpoint })
            .from(pushSubscription)
            .where(eq(pushSubscription.userId, userId))
        ).map((r) => r.endpoint),
      )
      .toEqual([alive.subscription.endpoint]);
  });
});

describe('unread marks', () => {
  it('a conversation is unread until read up to its newest message; the mark never goes back', async () => {
    const { c } = await userWithCredits(t, 10);
    const id = await conversationWith(c);
    const listed = async () =>
      (await c.get('/api/conversations')).json.find((x: { id: number }) => x.id === id);
    expect((await listed()).unread).toBe(false);
    const sent = await c.post('/api/chat', { message: 'Hi', conversationId: id });
    const replyId = sent.json.messageId as number;
    expect(await listed()).toMatchObject({ unread: true, leafId: replyId });

    const read = await c.post(`/api/conversations/${id}/read`, { upTo: replyId });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({ unreadConversations: 0 });
    expect((await listed()).unread).toBe(false);
    // An older mark changes nothing.
    await c.post(`/api/conversations/${id}/read`, { upTo: 1 });
    expect((await listed()).unread).toBe(false);

    const { c: other } = await userWithCredits(t, 1);
    expect((await other.post(`/api/conversations/${id}/read`, { upTo: replyId })).status).toBe(404);
    expect((await c.post(`/api/conversations/${id}/read`, { upTo: -1 })).status).toBe(400);
  });
});
