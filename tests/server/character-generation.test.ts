import { describe, expect } from 'vitest';
import { createCharacterSchema } from '../../src/shared/characters/schemas';
import type { LlmDouble } from '../doubles/llm-server';
import { llmAppTest } from '../support/server-fixtures';
import { makeImage } from './support/images';
import { answerAgeReviewsAsAdult, requestsFor } from './support/llm';
import { startTestApp } from './support/test-app';

const good = {
  name: 'Captain Mara Vex',
  description: 'A daring sky-pirate captain with a scar and a soft spot for rogues.',
  gender: 'female',
  personality: 'Bold, sarcastic and fiercely loyal. Speaks in nautical slang and flirts boldly.',
  sexualPreferences: ['Adventure', 'Teasing', 'Made-up preference'],
  directnessLevel: 3,
  roles: ['Pirate', 'Knight'],
};

const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b,rp-70b' }));
it.beforeEach(({ llm }) => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});
const characterRequests = (llm: LlmDouble) => requestsFor(llm, 'character');

describe('POST /api/generate-character', () => {
  it('returns character fields valid under the create schema, plus avatar fields', async ({
    llm,
    user,
  }) => {
    llm.script({ content: JSON.stringify(good) });
    const res = await user.post('/api/generate-character', { prompt: 'a sky pirate captain' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      name: good.name,
      gender: 'female',
      directnessLevel: 3,
      sexualPreferences: ['Adventure', 'Teasing'],
      roles: ['Pirate', 'Knight'],
      includeRoles: true,
      avatarImage: null,
    });
    expect(typeof res.json.avatarColor).toBe('string');
    expect(createCharacterSchema.safeParse(res.json).success).toBe(true);

    const sent = characterRequests(llm).at(-1)!.body;
    expect(sent.model).toBe('big-405b');
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.messages.at(-1).content).toContain('a sky pirate captain');
    expect(sent.messages[0].content).toMatch(/adult/i);
  });

  it('reads answers wrapped in prose and shortens an over-long description', async ({
    llm,
    user,
  }) => {
    const wordy = { ...good, description: `${'A very long description '.repeat(10)}end.` };
    llm.script({ content: `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(wordy)}\n\`\`\`` });
    const res = await user.post('/api/generate-character', { prompt: 'a pirate' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.description.length).toBeLessThanOrEqual(100);
  });

  it('retries once after broken JSON', async ({ llm, user }) => {
    llm.script(
      { content: '{"name": "Broken", "description": ' },
      { content: JSON.stringify(good) },
    );
    const res = await user.post('/api/generate-character', { prompt: 'a pirate' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.name).toBe(good.name);
    expect(characterRequests(llm)).toHaveLength(2);
    expect(JSON.stringify(characterRequests(llm)[1]!.body.messages)).toContain('not valid JSON');
  });

  it('fails with a message after two broken answers', async ({ llm, user }) => {
    llm.script({ content: 'no json here' }, { content: '{"still": "wrong"}' });
    const res = await user.post('/api/generate-character', { prompt: 'a pirate' });
    expect(res.status).toBe(502);
    expect(res.json.message).toBe('The model returned an invalid answer. Please try again.');
  });

  it('answers 502 when the model provider fails', async ({ llm, user }) => {
    llm.script({ status: 500, body: 'internal' });
    const res = await user.post('/api/generate-character', { prompt: 'a pirate' });
    expect(res.status).toBe(502);
    expect(res.json.message).not.toContain('internal');
  });

  it('refuses prompts that describe a minor without calling the model', async ({ llm, user }) => {
    const prompt = await user.post('/api/generate-character', { prompt: 'a 14-year-old girl' });
    expect(prompt.status).toBe(400);
    expect(llm.requests).toHaveLength(0);
  });

  it('asks again when the model describes a minor, and fails if it keeps doing so', async ({
    llm,
    user,
  }) => {
    const minor = {
      content: JSON.stringify({ ...good, description: 'A shy 16 year old runaway.' }),
    };
    llm.script(minor, { content: JSON.stringify(good) });
    const retried = await user.post('/api/generate-character', { prompt: 'a runaway' });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.description).toBe(good.description);
    expect(JSON.stringify(characterRequests(llm)[1]!.body.messages)).toMatch(/18\+/);
    llm.script(minor, minor);
    const refused = await user.post('/api/generate-character', { prompt: 'a runaway' });
    expect(refused.status).toBe(502);
  });

  it('keeps only roles from the catalogue', async ({ llm, user }) => {
    llm.script({
      content: JSON.stringify({ ...good, roles: ['pirate', 'Space Cowboy Deluxe', 'Chef'] }),
    });
    const res = await user.post('/api/generate-character', { prompt: 'a pirate' });
    expect(res.json.roles).toEqual(['Pirate', 'Chef']);
  });

  it('needs a non-blank prompt and a signed-in user', async ({ t, user }) => {
    expect((await user.post('/api/generate-character', { prompt: ' ' })).status).toBe(400);
    expect((await t.client().post('/api/generate-character', { prompt: 'x' })).status).toBe(401);
  });

  it('also paints an avatar when image generation is configured', async ({ llm }) => {
    const withImages = await startTestApp({
      LLM_BASE_URL: llm.url,
      LLM_MODELS: 'big-405b',
      IMAGE_MODEL: 'img-1',
    });
    try {
      const c = await withImages.signedInUser();
      llm.script({ content: JSON.stringify(good) }, { image: await makeImage('png', 128, 128) });
      const res = await c.post('/api/generate-character', { prompt: 'a pirate' });
      expect(res.status, res.text).toBe(200);
      expect(res.json.avatarImage).toMatch(/\.png$/);
      expect(res.json.avatarUrl).toBe(`/avatars/${res.json.avatarImage}`);
      // The generated avatar belongs to the user and can be saved with the character.
      const saved = await c.post('/api/characters', res.json);
      expect(saved.status, saved.text).toBe(201);
    } finally {
      await withImages.close();
    }
  });
});

describe('without a language model', () => {
  it('says no language model is configured', async () => {
    const plain = await startTestApp();
    try {
      const c = await plain.signedInUser();
      const res = await c.post('/api/generate-character', { prompt: 'a pirate' });
      expect(res.status).toBe(503);
      expect(res.json.message).toBe('No language model is configured');
    } finally {
      await plain.close();
    }
  });
});
