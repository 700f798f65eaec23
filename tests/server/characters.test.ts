import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversation } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/rate-rules';
import type { TestClient } from './support/http-client';
import { appTest } from '../support/server-fixtures';

const valid = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

const it = appTest()
  .extend('owner', { scope: 'file' }, ({ t }) => t.signedInUser('owner@example.com'))
  .extend('other', { scope: 'file' }, ({ t }) => t.signedInUser('other@example.com'))
  .extend(
    'ownerId',
    { scope: 'file' },
    async ({ owner }) => (await owner.get('/api/auth/get-session')).json.user.id as string,
  );

async function create(owner: TestClient, body: Record<string, unknown> = {}) {
  const res = await owner.post('/api/characters', { ...valid, ...body });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; name: string };
}

describe('create', () => {
  it('answers { id, name } and stores the spec defaults', async ({ owner }) => {
    const { id, name } = await create(owner);
    expect(typeof id).toBe('number');
    expect(name).toBe('Selene');
    const character = (await owner.get(`/api/characters/${id}`)).json;
    expect(character).toMatchObject({
      id,
      type: 'companion',
      avatarImage: null,
      avatarUrl: null,
      avatarColor: 'default',
      settings: { emojis: true, actionMessages: true },
      directnessLevel: 2,
      sexualPreferences: [],
      roles: [],
      includeRoles: false,
    });
  });

  it.for<[Record<string, unknown>, string]>([
    [{ name: '' }, 'Character name is required'],
    [{ name: 'x'.repeat(51) }, 'Name too long'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(101) }, 'Description too long'],
    [{ gender: '' }, 'Gender is required'],
    [{ gender: 'robot' }, 'Gender is required'],
    [{ personality: 'short' }, 'Personality description must be at least 10 characters'],
    [{ personality: 'x'.repeat(501) }, 'Personality description too long'],
    [{ directnessLevel: 5 }, 'Directness must be a whole number from 0 to 4'],
    [{ directnessLevel: 1.5 }, 'Directness must be a whole number from 0 to 4'],
    [
      { roles: ['Doctor', 'Pirate', 'Vampire', 'Werewolf', 'Siren', 'Chef'] },
      'You can only choose up to 5 roles.',
    ],
    [{ roles: ['A 14-year-old schoolgirl'] }, 'Please choose roles from the list.'],
    [{ name: 'Bo\u0000b' }, 'Text must not contain NUL characters.'],
    [
      { type: 'a 12 year old child' },
      'Characters must be adults (18+). Please remove the reference to "12 year old".',
    ],
    [{ sexualPreferences: ['Not on the list'] }, 'Unknown preference'],
    [{ avatarColor: 'neon' }, 'Unknown avatar colour'],
  ])('refuses %j with "%s"', async ([change, message], { owner }) => {
    const res = await owner.post('/api/characters', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  it('reports a missing name with the spec message', async ({ owner }) => {
    const { name: _omit, ...noName } = valid;
    const res = await owner.post('/api/characters', noName);
    expect(res.json.message).toBe('Character name is required');
  });

  it('accepts the edge lengths and every create gender', async ({ owner }) => {
    for (const gender of ['female', 'male', 'non-binary', 'fluid', 'other']) {
      await create(owner, { gender, name: 'x'.repeat(50), description: 'd'.repeat(100) });
    }
  });

  it('refuses minors and accepts tricky adult wording', async ({ owner }) => {
    const minor = await owner.post('/api/characters', {
      ...valid,
      description: 'A shy 15-year-old student at the academy.',
    });
    expect(minor.status).toBe(400);
    expect(minor.json.message).toMatch(/18/);
    const adult = await owner.post('/api/characters', {
      ...valid,
      description: 'A 25-year-old teacher, petite and witty.',
      personality: 'Enjoys step-sister roleplay between adults and teasing banter.',
    });
    expect(adult.status).toBe(201);
    // Without a model the rule alone decides: children in another role pass, a grade does not.
    const teacher = await owner.post('/api/characters', {
      ...valid,
      description: 'A 35-year-old kindergarten teacher.',
      personality: 'Mother of two teenagers, tutors high-school freshmen on weekends.',
    });
    expect(teacher.status, teacher.text).toBe(201);
    const sophomore = await owner.post('/api/characters', {
      ...valid,
      description: 'A 19-year-old high-school sophomore.',
    });
    expect(sophomore.json.message).toBe(
      'Characters must be adults (18+). Please remove the reference to "high-school sophomore" ' +
        'from the description.',
    );
  });

  it('refuses an avatar file that the user does not own', async ({ owner }) => {
    const res = await owner.post('/api/characters', { ...valid, avatarImage: 'abcdefgh1234.png' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/Unknown avatar image/);
  });
});

describe('update', () => {
  it('keeps every field that is not sent', async ({ owner }) => {
    const { id } = await create(owner, {
      directnessLevel: 3,
      roles: ['Detective'],
      includeRoles: true,
      sexualPreferences: ['Romance'],
    });
    const res = await owner.put(`/api/characters/${id}`, { settings: { emojis: false } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Selene',
      description: valid.description,
      personality: valid.personality,
      directnessLevel: 3,
      roles: ['Detective'],
      includeRoles: true,
      sexualPreferences: ['Romance'],
      settings: { emojis: false, actionMessages: true },
    });
  });

  it('uses the edit limits (200 / 1000) and requires a type when sent', async ({ owner }) => {
    const { id } = await create(owner);
    const longer = await owner.put(`/api/characters/${id}`, {
      description: 'd'.repeat(200),
      personality: 'p'.repeat(1000),
    });
    expect(longer.status).toBe(200);
    const tooLong = await owner.put(`/api/characters/${id}`, { description: 'd'.repeat(201) });
    expect(tooLong.json.message).toBe('Description too long');
    const noType = await owner.put(`/api/characters/${id}`, { type: ' ' });
    expect(noType.json.message).toBe('Character type is required');
    const tooPersonal = await owner.put(`/api/characters/${id}`, { personality: 'p'.repeat(1001) });
    expect(tooPersonal.json.message).toBe('Personality description too long');
  });

  it('applies the adults-only rule to the merged character', async ({ owner }) => {
    const { id } = await create(owner);
    const res = await owner.put(`/api/characters/${id}`, {
      personality: 'Acts like a child of 12.',
    });
    expect(res.status).toBe(400);
    expect((await owner.get(`/api/characters/${id}`)).json.personality).toBe(valid.personality);
  });
});

describe('list, delete and conversations', () => {
  it('lists the user’s characters with their conversation counts, most chats first', async ({
    t,
  }) => {
    const fresh = await t.signedInUser('lister@example.com');
    const freshId = (await fresh.get('/api/auth/get-session')).json.user.id;
    const a = (await fresh.post('/api/characters', { ...valid, name: 'Quiet' })).json.id;
    const b = (await fresh.post('/api/characters', { ...valid, name: 'Popular' })).json.id;
    await t.database.db.insert(conversation).values([
      { userId: freshId, characterId: b },
      { userId: freshId, characterId: b },
    ]);
    const list = (await fresh.get('/api/characters')).json;
    expect(
      list.map((c: { name: string; conversationCount: number }) => [c.name, c.conversationCount]),
    ).toEqual([
      ['Popular', 2],
      ['Quiet', 0],
    ]);
    expect(list.some((c: { id: number }) => c.id === a)).toBe(true);
  });

  it('deletes a character’s conversations (fine when there are none), then the character', async ({
    t,
    owner,
    ownerId,
  }) => {
    const { id } = await create(owner);
    const none = await owner.delete(`/api/characters/${id}/conversations`);
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ success: true, deleted: 0 });
    await t.database.db.insert(conversation).values({ userId: ownerId, characterId: id });
    expect((await owner.delete(`/api/characters/${id}/conversations`)).json.deleted).toBe(1);
    expect((await owner.delete(`/api/characters/${id}`)).status).toBe(200);
    expect((await owner.get(`/api/characters/${id}`)).status).toBe(404);
    expect((await owner.delete(`/api/characters/${id}`)).status).toBe(404);
  });

  it('keeps conversations (without their character) when only the character is deleted', async ({
    t,
    owner,
    ownerId,
  }) => {
    const { id } = await create(owner);
    const [row] = await t.database.db
      .insert(conversation)
      .values({ userId: ownerId, characterId: id })
      .returning();
    await owner.delete(`/api/characters/${id}`);
    const [kept] = await t.database.db
      .select()
      .from(conversation)
      .where(eq(conversation.id, row!.id));
    expect(kept!.characterId).toBeNull();
  });
});

describe('isolation', () => {
  it('gives another user 404 for every verb and an empty list', async ({ owner, other }) => {
    const { id } = await create(owner);
    expect((await other.get('/api/characters')).json).toEqual([]);
    expect((await other.get(`/api/characters/${id}`)).status).toBe(404);
    expect((await other.put(`/api/characters/${id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await other.delete(`/api/characters/${id}/conversations`)).status).toBe(404);
    expect((await other.delete(`/api/characters/${id}`)).status).toBe(404);
    const mine = (await owner.get(`/api/characters/${id}`)).json;
    expect(mine.name).toBe('Selene');
  });

  it('answers 404 for ids that are not numbers and 401 when signed out', async ({ t, owner }) => {
    for (const id of ['abc', '-1', '1e0', '1.5', '3000000000', '9007199254740993']) {
      expect((await owner.get(`/api/characters/${id}`)).status, id).toBe(404);
      expect((await owner.put(`/api/characters/${id}`, { name: 'X' })).status, id).toBe(404);
      expect((await owner.delete(`/api/characters/${id}`)).status, id).toBe(404);
    }
    expect((await t.client().get('/api/characters')).status).toBe(401);
    expect((await t.client().post('/api/characters', valid)).status).toBe(401);
  });
});

describe('writes that cost only storage', () => {
  it('limit how often a user saves characters and lorebooks', async ({ t }) => {
    const user = await t.signedInUser('busy.writer@example.com');
    const created = await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a quiet laugh.',
      gender: 'female',
      personality: 'Playful and warm.',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const saves = RATE_RULES.characterWritesPerUser;
    // The character's creation was the first save; lorebook saves count under the same rule.
    for (let i = 1; i < saves.limit; i++) {
      const saved = await user.put(`/api/characters/${id}/lorebook`, { lorebook: null });
      expect(saved.status, saved.text).toBe(200);
    }
    const refused = await user.put(`/api/characters/${id}`, { name: 'Selene Again' });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(saves.message);
    expect((await user.get(`/api/characters/${id}`)).json.name).toBe('Selene');
  }, 60_000);
});
