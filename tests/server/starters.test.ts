import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { RATE_RULES } from '../../src/server/rate-rules';
import { STARTERS } from '../../src/server/modules/characters/starters/starters';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { AGE_REVIEW, ageVerdict, answerAgeReviewsAsAdult, requestsFor } from './support/llm';
import type { TestApp } from './support/test-app';

/**
 * Ready-made characters (issue 45): GET /api/starters and POST /api/starters/{id}/adopt, which
 * makes the user's own editable copy exactly as the Create Character form makes a character
 * (the adults-only rule and the model's second opinion included), with the starter's portrait
 * stored as an avatar the user owns.
 */

// A model is configured, so adopting asks for the second opinion as creating does.
const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }))
  .extend('owner', { scope: 'file' }, ({ t }) => t.signedInUser('adopter@example.com'))
  .extend('other', { scope: 'file' }, ({ t }) => t.signedInUser('second.adopter@example.com'));
it.beforeAll(({ llm }) => {
  answerAgeReviewsAsAdult(llm);
});

const BARTENDER = STARTERS.find((s) => s.id === 'jazz-bartender')!;

async function adopt(client: TestClient, id = BARTENDER.id) {
  const res = await client.post(`/api/starters/${id}/adopt`);
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; name: string };
}

const avatarFile = (t: TestApp, fileName: string) => path.join(t.dataDir, 'avatars', fileName);

describe('GET /api/starters', () => {
  it('lists ten adults across categories, genders and settings, each with its portrait', async ({
    t,
    owner,
  }) => {
    const res = await owner.get('/api/starters');
    expect(res.status).toBe(200);
    const { starters } = res.json as {
      starters: { id: string; name: string; gender: string; category: string; avatarUrl: string }[];
    };
    expect(starters).toHaveLength(10);
    expect(starters.map((s) => s.id)).toEqual(STARTERS.map((s) => s.id));
    expect(new Set(starters.map((s) => s.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(starters.map((s) => s.gender))).toEqual(
      new Set(['female', 'male', 'non-binary', 'fluid']),
    );
    expect(starters[0]).toEqual({
      id: 'jazz-bartender',
      name: 'Marcus Vale',
      description: BARTENDER.character.description,
      gender: 'male',
      category: 'Professions',
      avatarUrl: '/art/starter-jazz-bartender.svg',
      avatarColor: 'eclipse',
      tags: ['Flirting', 'Deep conversations', 'Sophistication'],
    });
    // The portraits are static files of the web app (this test app serves no web build).
    for (const s of starters) {
      const file = path.resolve('src/web/public', s.avatarUrl.slice(1));
      expect(existsSync(file), file).toBe(true);
    }
    expect((await t.client().get('/api/starters')).status).toBe(401);
  });
});

describe('POST /api/starters/{id}/adopt', () => {
  it('stores the whole starter as the user’s own character, reviewed as a create is', async ({
    llm,
    owner,
  }) => {
    const reviewsBefore = requestsFor(llm, AGE_REVIEW).length;
    const { id, name } = await adopt(owner);
    expect(name).toBe('Marcus Vale');
    const character = (await owner.get(`/api/characters/${id}`)).json;
    const { avatarColor, ...fields } = BARTENDER.character;
    expect(character).toMatchObject({
      ...fields,
      type: 'companion',
      avatarColor,
      avatarImage: expect.stringMatching(/^[\w-]+\.png$/),
    });
    expect(character.avatarUrl).toBe(`/avatars/${character.avatarImage}`);
    // The model's second opinion read its definition, greetings included.
    const reviews = requestsFor(llm, AGE_REVIEW).slice(reviewsBefore);
    expect(reviews).toHaveLength(1);
    expect(JSON.stringify(reviews[0]!.body)).toContain('hidden speakeasy');
    expect(JSON.stringify(reviews[0]!.body)).toContain('Last seat at the bar');
    // It is in the list like any other character.
    const list = (await owner.get('/api/characters')).json as { id: number }[];
    expect(list.map((c) => c.id)).toContain(id);
  });

  it('gives the character its portrait as an avatar the user owns', async ({ t, owner }) => {
    const { id } = await adopt(owner, 'starship-android');
    const { avatarImage, avatarUrl } = (await owner.get(`/api/characters/${id}`)).json;
    const served = await fetch(t.url + avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect(existsSync(avatarFile(t, avatarImage))).toBe(true);

    // Each adoption is a copy of its own: another file, another character.
    const again = await adopt(owner, 'starship-android');
    const second = (await owner.get(`/api/characters/${again.id}`)).json;
    expect(again.id).not.toBe(id);
    expect(second.avatarImage).not.toBe(avatarImage);

    // Removing the picture removes the file, as for an uploaded one.
    const removed = await owner.put(`/api/characters/${id}`, { avatarImage: null });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.avatarUrl).toBeNull();
    await expect.poll(() => existsSync(avatarFile(t, avatarImage))).toBe(false);
    // Deleting the character takes its avatar with it.
    expect((await owner.delete(`/api/characters/${again.id}`)).status).toBe(200);
    await expect.poll(() => existsSync(avatarFile(t, second.avatarImage))).toBe(false);
  });

  it('is an editable copy: editing it changes neither the starter nor another user’s copy', async ({
    owner,
    other,
  }) => {
    const mine = await adopt(owner, 'pirate-captain');
    const theirs = await adopt(other, 'pirate-captain');
    const edited = await owner.put(`/api/characters/${mine.id}`, {
      name: 'Captain Izzy',
      personality: 'Rewritten by her owner: loud, loyal and allergic to maps.',
      greetings: ['Ahoy, {{user}}.'],
      directnessLevel: 0,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: 'Captain Izzy', greetings: ['Ahoy, {{user}}.'] });

    const starter = STARTERS.find((s) => s.id === 'pirate-captain')!.character;
    expect((await other.get(`/api/characters/${theirs.id}`)).json).toMatchObject({
      name: starter.name,
      personality: starter.personality,
      greetings: starter.greetings,
      directnessLevel: starter.directnessLevel,
    });
    const listed = (await owner.get('/api/starters')).json.starters.find(
      (s: { id: string }) => s.id === 'pirate-captain',
    );
    expect(listed.name).toBe('Isadora Reyes');
    const fresh = await adopt(owner, 'pirate-captain');
    expect(fresh.name).toBe('Isadora Reyes');
    // One user's copy is not another's.
    expect((await other.get(`/api/characters/${mine.id}`)).status).toBe(404);
    expect((await other.put(`/api/characters/${mine.id}`, { name: 'Mine now' })).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed id, and 401 signed out', async ({ t, owner }) => {
    for (const id of ['no-such-starter', 'Jazz-Bartender', 'jazz_bartender', 'x'.repeat(65)]) {
      const res = await owner.post(`/api/starters/${id}/adopt`);
      expect([id, res.status, res.json?.message]).toEqual([id, 404, 'Starter not found']);
    }
    const signedOut = await t.client().post(`/api/starters/${BARTENDER.id}/adopt`);
    expect(signedOut.status).toBe(401);
  });

  it('is refused when the second opinion reads the character as a minor, as a create is', async ({
    t,
    llm,
  }) => {
    const user = await t.signedInUser('refused.adopter@example.com');
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor', 'Reads as a child'));
    try {
      const res = await user.post('/api/starters/observatory-astronomer/adopt');
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/must be adults/);
      expect((await user.get('/api/characters')).json).toEqual([]);
    } finally {
      answerAgeReviewsAsAdult(llm);
    }
  });

  it('counts adoptions with AI generation under one rate rule', async ({ t }) => {
    const user = await t.signedInUser('eager.adopter@example.com');
    const rule = RATE_RULES.characterGenerationsPerUser;
    for (let i = 0; i < rule.limit; i++) {
      const res = await user.post(`/api/starters/${STARTERS[i % STARTERS.length]!.id}/adopt`);
      expect(res.status, res.text).toBe(201);
    }
    const refused = await user.post(`/api/starters/${BARTENDER.id}/adopt`);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(rule.message);
    expect((await user.get('/api/characters')).json).toHaveLength(rule.limit);
  });
});
