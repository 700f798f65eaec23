/**
 * Personas (issue 47 part 5): who the user is in a conversation. GET|POST /api/personas,
 * PUT|DELETE /api/personas/{id}, a conversation's personaId, and the prompt and {{user}} using it.
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { answerAgeReviewsAsAdult } from './support/llm';

const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }));

it.beforeEach(({ llm }) => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});

const vale = { name: 'Captain Vale', description: 'A retired sea captain with a wooden leg.' };

async function newCharacter(client: TestClient, greetings: string[] = []) {
  const res = await client.post('/api/characters', {
    name: 'Mira',
    description: 'A lighthouse keeper on a stormy coast.',
    gender: 'female',
    personality: 'Patient, dry humour, fond of tea.',
    greetings,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** The system message of the newest reply's prompt. */
const lastSystemPrompt = (llm: { requests: { body?: any }[] }) =>
  llm.requests.filter((r) => r.body?.stream).at(-1)!.body.messages[0].content as string;

describe('/api/personas', () => {
  it('lists the profile first, then adds, changes and deletes personas', async ({ t, user }) => {
    const fresh = await t.signedInUser('persona-newcomer@example.com');
    expect((await fresh.get('/api/personas')).json).toEqual({ personas: [] });
    await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });

    const created = await user.post('/api/personas', vale);
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ ...vale, avatarImage: null, avatarUrl: null });
    const id = created.json.id as number;

    // The profile says how many there are, so the chat knows whether to offer a choice.
    expect((await user.get('/api/user-profile')).json.personaCount).toBe(1);

    const list = await user.get('/api/personas');
    expect(list.json.personas).toEqual([
      { id: null, name: 'Riley', description: '', avatarImage: null, avatarUrl: null },
      created.json,
    ]);

    const changed = await user.put(`/api/personas/${id}`, { name: '  Admiral Vale ' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ id, name: 'Admiral Vale', description: '' });

    expect((await user.delete(`/api/personas/${id}`)).json).toEqual({ success: true });
    expect((await user.get('/api/user-profile')).json.personaCount).toBe(0);
    expect(
      (await user.get('/api/personas')).json.personas.map((p: { id: unknown }) => p.id),
    ).toEqual([null]);
    expect((await user.delete(`/api/personas/${id}`)).status).toBe(404);
  });

  it('refuses a nameless, too long or minor persona, an avatar not the user’s, and more than 30', async ({
    t,
    user,
  }) => {
    const nameless = await user.post('/api/personas', { name: '   ' });
    expect(nameless.status).toBe(400);
    expect(nameless.json.message).toBe('Please give the persona a name.');
    const long = await user.post('/api/personas', { name: 'Vale', description: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('A persona’s description can be at most 1000 characters.');

    // The adults-only rule: a persona is an adult too, its name and description read as a character's.
    const minor = await user.post('/api/personas', {
      name: 'Lily',
      description: 'A shy 15-year-old at her first party.',
    });
    expect(minor.status).toBe(400);
    expect(minor.json.message).toBe(
      'Everyone in a chat is an adult (18+), you too. Please remove the reference to "15-year-old" from the persona’s description.',
    );
    expect(minor.json.issues).toEqual([{ path: 'description', message: minor.json.message }]);

    const other = await t.signedInUser('persona-avatar-owner@example.com');
    const upload = await other.upload(
      '/api/avatars',
      await makeImage('png'),
      'me.png',
      'image/png',
    );
    expect(upload.status, upload.text).toBe(200);
    const foreign = await user.post('/api/personas', {
      ...vale,
      avatarImage: upload.json.fileName,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toBe('Unknown avatar image. Please upload it again.');

    const mine = await user.upload('/api/avatars', await makeImage('png'), 'me.png', 'image/png');
    const withAvatar = await user.post('/api/personas', {
      ...vale,
      avatarImage: mine.json.fileName,
    });
    expect(withAvatar.status, withAvatar.text).toBe(201);
    expect(withAvatar.json.avatarUrl).toContain(mine.json.fileName);

    const many = await t.signedInUser('persona-collector@example.com');
    for (let i = 0; i < 30; i++) {
      expect((await many.post('/api/personas', { name: `P${i}` })).status).toBe(201);
    }
    const full = await many.post('/api/personas', { name: 'One too many' });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe('You can keep at most 30 personas. Delete one to add another.');
  });

  it('is the owner’s only: another user gets 404 and never sees them', async ({ t, user }) => {
    const id = (await user.post('/api/personas', vale)).json.id as number;
    const other = await t.signedInUser('persona-stranger@example.com');
    expect((await other.put(`/api/personas/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await other.delete(`/api/personas/${id}`)).status).toBe(404);
    expect((await other.get('/api/personas')).json).toEqual({ personas: [] });
    const characterId = await newCharacter(other);
    const started = await other.post('/api/conversations', { characterId, personaId: id });
    expect(started.status).toBe(404);
    expect(started.json.message).toBe('Persona not found');
    expect((await user.get('/api/personas')).json.personas).toContainEqual(
      expect.objectContaining({ id, name: 'Captain Vale' }),
    );
  });
});

describe('a conversation’s persona', () => {
  it('is who the prompt and {{user}} name, until the chat menu changes it back', async ({
    user,
    llm,
  }) => {
    await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
    const personaId = (await user.post('/api/personas', vale)).json.id as number;
    const characterId = await newCharacter(user, ['Ahoy, {{user}}!']);

    const started = await user.post('/api/conversations', {
      characterId,
      chatMode: 'texting',
      personaId,
    });
    expect(started.status, started.text).toBe(201);
    const id = started.json.id as number;
    expect((await user.get(`/api/conversations/${id}`)).json.personaId).toBe(personaId);
    const [greeting] = (await user.get(`/api/conversations/${id}/messages`)).json;
    expect(greeting.content).toBe('Ahoy, Captain Vale!');

    llm.script({ content: 'Welcome aboard.' });
    expect((await user.post('/api/chat', { message: 'Hello!', conversationId: id })).status).toBe(
      200,
    );
    const asVale = lastSystemPrompt(llm);
    expect(asVale).toContain('You are talking with Captain Vale.');
    expect(asVale).toContain('About Captain Vale: A retired sea captain with a wooden leg.');
    expect(asVale).not.toContain('Riley');

    const back = await user.put(`/api/conversations/${id}`, { personaId: null });
    expect(back.status, back.text).toBe(200);
    expect(back.json.personaId).toBeNull();
    llm.script({ content: 'Oh, it is you.' });
    await user.post('/api/chat', { message: 'Hello again!', conversationId: id });
    const asRiley = lastSystemPrompt(llm);
    expect(asRiley).toContain('You are talking with Riley (Non-binary).');
    expect(asRiley).not.toContain('Captain Vale');
  });

  it('goes back to the profile when its persona is deleted, and refuses another’s', async ({
    t,
    user,
    llm,
  }) => {
    await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
    const personaId = (await user.post('/api/personas', vale)).json.id as number;
    const characterId = await newCharacter(user);
    const id = (await user.post('/api/conversations', { characterId, personaId })).json.id;

    const other = await t.signedInUser('persona-thief@example.com');
    const theirs = (await other.post('/api/personas', { name: 'Thief' })).json.id as number;
    const taken = await user.put(`/api/conversations/${id}`, { personaId: theirs });
    expect(taken.status).toBe(404);
    expect((await user.get(`/api/conversations/${id}`)).json.personaId).toBe(personaId);

    await user.delete(`/api/personas/${personaId}`);
    expect((await user.get(`/api/conversations/${id}`)).json.personaId).toBeNull();
    llm.script({ content: 'Hi.' });
    await user.post('/api/chat', { message: 'Hello!', conversationId: id });
    expect(lastSystemPrompt(llm)).toContain('You are talking with Riley (Non-binary).');
  });

  it('is in the account export', async ({ t, user }) => {
    await user.post('/api/personas', vale);
    const res = await fetch(`${t.url}/api/account/export`, {
      headers: { cookie: user.cookieHeader },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['reverie-export.json']!));
    expect(data.personas).toContainEqual(expect.objectContaining(vale));
  });
});
