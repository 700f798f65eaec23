import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditAccount } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { enrolTwoFactor, makeStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The staff console's Models page (issue 48 part 4): the configured models seeded on first use,
 * offered or not, labelled, one default, a reply's price in credits (charged, refunded and shown
 * to users) and the provider's token prices; admins save, other staff read, users get 404.
 */

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

let llm: LlmDouble;
let t: TestApp;
let admin: TestClient;
let user: TestClient;
let userId: string;
let characterId: number;

const idOf = async (c: TestClient): Promise<string> =>
  (await c.get('/api/auth/get-session')).json.user.id;

async function staff(role: 'admin' | 'moderator', twoFactor = true) {
  const c = await t.signedInUser();
  await makeStaff(t.database.db, await idOf(c), role);
  if (twoFactor) await enrolTwoFactor(c);
  return c;
}

const credits = async () => (await user.get('/api/get-credits')).json.credits as number;
async function setCredits(n: number) {
  await credits(); // the account's credits exist from the first look
  await t.database.db
    .update(creditAccount)
    .set({ credits: n })
    .where(eq(creditAccount.userId, userId));
}

const seeded = [
  {
    model: 'big-405b',
    label: 'big-405b',
    enabled: true,
    isDefault: true,
    creditsPerReply: 1,
    inputUsdPerMillion: 0,
    outputUsdPerMillion: 0,
  },
  {
    model: 'rp-70b',
    label: 'rp-70b',
    enabled: true,
    isDefault: false,
    creditsPerReply: 1,
    inputUsdPerMillion: 0,
    outputUsdPerMillion: 0,
  },
];

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b,rp-70b' });
  admin = await staff('admin');
  user = await t.signedInUser();
  userId = await idOf(user);
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

async function newConversation(model?: string) {
  const res = await user.post('/api/conversations', { characterId, chatMode: 'assistant', model });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

describe('who may see and change the models', () => {
  it('is not there for users; staff without two-factor are told to set it up', async () => {
    expect((await user.get('/api/admin/models')).status).toBe(404);
    expect((await user.put('/api/admin/models', { models: seeded })).status).toBe(404);
    const fresh = await staff('admin', false);
    expect((await fresh.get('/api/admin/models')).json.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('lets a moderator read but not save', async () => {
    const moderator = await staff('moderator');
    expect((await moderator.get('/api/admin/models')).json.models).toHaveLength(2);
    const refused = await moderator.put('/api/admin/models', { models: seeded });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Only an admin can change this.');
  });
});

describe('the Models page', () => {
  it('starts from LLM_MODELS: every model offered at 1 credit, the first the default', async () => {
    expect((await admin.get('/api/admin/models')).json).toEqual({
      configured: true,
      models: seeded,
    });
  });

  it('refuses a list that leaves out, repeats or invents a model, or has no offered default', async () => {
    const [big, rp] = seeded as [(typeof seeded)[0], (typeof seeded)[0]];
    for (const models of [[big], [big, big], [big, { ...rp, model: 'gpt-x' }]]) {
      const res = await admin.put('/api/admin/models', { models });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Send every model the server is configured with, each once.');
    }
    const noDefault = await admin.put('/api/admin/models', {
      models: [{ ...big, isDefault: false }, rp],
    });
    expect(noDefault.json.message).toBe('Choose one offered model as the default.');
    const offDefault = await admin.put('/api/admin/models', {
      models: [{ ...big, enabled: false }, rp],
    });
    expect(offDefault.status).toBe(400);
    const badPrice = await admin.put('/api/admin/models', {
      models: [{ ...big, creditsPerReply: 0, inputUsdPerMillion: -1 }, rp],
    });
    expect(badPrice.status).toBe(400);
    expect(badPrice.json.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['A reply costs at least 1 credit.', 'A price cannot be below 0.']),
    );
    expect((await admin.get('/api/admin/models')).json.models).toEqual(seeded);
  });

  it('saves labels, order, the default, prices, and what is offered; users see it at once', async () => {
    const saved = await admin.put('/api/admin/models', {
      models: [
        { ...seeded[1]!, label: 'Roleplay 70B', isDefault: true, creditsPerReply: 3 },
        {
          ...seeded[0]!,
          label: 'Big',
          isDefault: false,
          enabled: false,
          inputUsdPerMillion: 2.5,
          outputUsdPerMillion: 10,
        },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.models.map((m: { model: string }) => m.model)).toEqual([
      'rp-70b',
      'big-405b',
    ]);
    expect(saved.json.models[1]).toMatchObject({
      inputUsdPerMillion: 2.5,
      outputUsdPerMillion: 10,
    });
    expect((await user.get('/api/models')).json).toMatchObject({
      canChoose: false,
      models: ['rp-70b'],
      offers: [{ model: 'rp-70b', label: 'Roleplay 70B', creditsPerReply: 3 }],
      defaultModel: 'rp-70b',
    });
    // A model no longer offered cannot be asked for.
    const refused = await user.post('/api/conversations', { characterId, model: 'big-405b' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Unknown model');

    // The audit log has the change, with the list sent.
    const entry = (await admin.get('/api/admin/audit?limit=5')).json.entries.find(
      (e: { action: string }) => e.action === 'PUT /api/admin/models',
    );
    expect(entry).toBeTruthy();
  });
});

describe('what a reply costs', () => {
  it('takes the model’s credits per reply, and gives them all back when the model fails', async () => {
    await setCredits(10);
    const id = await newConversation();
    llm.script({ content: 'Here I am.' });
    const ok = await user.post('/api/assistant', { message: 'Hello', conversationId: id });
    expect(ok.status, ok.text).toBe(200);
    expect(await credits()).toBe(7);

    llm.script({ status: 500, body: 'down' });
    const failed = await user.post('/api/assistant', { message: 'Again', conversationId: id });
    expect(failed.status).toBe(502);
    expect(await credits()).toBe(7);

    // A regenerate is a reply too.
    const messages = (await user.get(`/api/conversations/${id}/messages`)).json;
    const reply = messages.find((m: { sender: string }) => m.sender === 'ai');
    llm.script({ content: 'Here I am, again.' });
    const again = await user.post(`/api/messages/${reply.id}/regenerate`, {});
    expect(again.status, again.text).toBe(200);
    expect(await credits()).toBe(4);
  });

  it('refuses a reply that costs more than is left, taking nothing', async () => {
    await setCredits(2);
    const id = await newConversation();
    const calls = llm.requests.length;
    const res = await user.post('/api/assistant', { message: 'Hello', conversationId: id });
    expect(res.status).toBe(403);
    expect(await credits()).toBe(2);
    expect(llm.requests.length).toBe(calls);
  });

  it('prices a conversation by its own model while that is offered', async () => {
    await admin.put('/api/admin/models', {
      models: [
        { ...seeded[1]!, isDefault: true, creditsPerReply: 3 },
        { ...seeded[0]!, isDefault: false, creditsPerReply: 2 },
      ],
    });
    await setCredits(10);
    const id = await newConversation('big-405b');
    llm.script({ content: 'On the big one.' });
    await user.post('/api/assistant', { message: 'Hello', conversationId: id });
    expect(await credits()).toBe(8);
    expect(llm.requests.at(-1)!.body.model).toBe('big-405b');
  });
});
