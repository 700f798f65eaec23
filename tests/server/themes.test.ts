import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { userTheme } from '../../src/server/db/schema';
import { appTest } from '../support/server-fixtures';

const dark = { main: '#101010', theme: '#202020', chatBubbleUser: '#a21caf', chatBubbleAI: '#333' };
const light = { main: '#fff', theme: '#f4f5f7', chatBubbleUser: '#dbeafe', chatBubbleAI: '#eee' };

const it = appTest()
  .extend('alice', { scope: 'file' }, ({ t }) => t.signedInUser('alice.themes@example.com'))
  .extend('bob', { scope: 'file' }, ({ t }) => t.signedInUser('bob.themes@example.com'))
  .extend(
    'aliceId',
    { scope: 'file' },
    async ({ alice }) => (await alice.get('/api/auth/get-session')).json.user.id as string,
  );

describe('saved themes', () => {
  it('saves a theme with derived text colours and makes it the only active one', async ({
    alice,
  }) => {
    const first = await alice.post('/api/themes', { name: '  Night  ', colors: dark });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      name: 'Night',
      isActive: true,
      colors: {
        main: '#101010',
        theme: '#202020',
        chatBubbleUser: '#a21caf',
        chatBubbleAI: '#333333',
        textPrimary: '#ffffff',
        textSecondary: '#b0b0b0',
      },
    });
    expect(first.json.id).toMatch(/^custom-/);
    const second = await alice.post('/api/themes', { name: 'Day', colors: light });
    expect(second.json.colors.textPrimary).toBe('#1a1a1a');
    expect(second.json.colors.textSecondary).toBe('#666666');

    const list = (await alice.get('/api/themes')).json.themes;
    expect(list.map((x: { name: string }) => x.name).slice(0, 2)).toEqual(['Day', 'Night']);
    expect(
      list.filter((x: { isActive: boolean }) => x.isActive).map((x: { name: string }) => x.name),
    ).toEqual(['Day']);

    expect((await alice.put(`/api/themes/${first.json.id}/activate`)).status).toBe(200);
    const after = (await alice.get('/api/themes')).json.themes;
    expect(
      after.filter((x: { isActive: boolean }) => x.isActive).map((x: { id: string }) => x.id),
    ).toEqual([first.json.id]);
  });

  it('refuses bad colours and names with a clear message', async ({ alice }) => {
    const res = await alice.post('/api/themes', {
      name: 'Bad',
      colors: { ...dark, main: 'black' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Colours are written as #rgb or #rrggbb');
    const blank = await alice.post('/api/themes', { name: '   ', colors: dark });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Please enter a name for your custom theme.');
    const long = await alice.post('/api/themes', { name: 'x'.repeat(41), colors: dark });
    expect(long.status).toBe(400);
  });

  it('lets the database itself keep one active theme per user', async ({ t, aliceId }) => {
    const [active] = await t.database.db
      .select()
      .from(userTheme)
      .where(and(eq(userTheme.userId, aliceId), eq(userTheme.isActive, true)));
    await expect(
      t.database.db.insert(userTheme).values({
        id: 'custom-sneaky',
        userId: aliceId,
        name: 'Sneaky',
        colors: active!.colors,
        isActive: true,
      }),
    ).rejects.toThrow();
  });

  it('keeps saves to 50 per user, also when they arrive together', async ({ t }) => {
    const carol = await t.signedInUser('carol.themes@example.com');
    const results = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        carol.post('/api/themes', { name: `T${i}`, colors: dark }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409)).toBe(true);
    expect(refused[0]!.json.message).toBe(
      'You can save up to 50 themes. Delete one to save another.',
    );
    const themes = (await carol.get('/api/themes')).json.themes;
    expect(themes).toHaveLength(50);
    expect(themes.filter((x: { isActive: boolean }) => x.isActive)).toHaveLength(1);
  });
});

describe('the selection', () => {
  it('starts empty and takes a preset, an own custom theme or null', async ({ t }) => {
    const dave = await t.signedInUser('dave.themes@example.com');
    expect((await dave.get('/api/themes/selection')).json).toEqual({ selectedThemeId: null });
    expect(
      (await dave.put('/api/themes/selection', { selectedThemeId: 'gamer-dark' })).json,
    ).toEqual({ selectedThemeId: 'gamer-dark' });
    expect((await dave.get('/api/themes/selection')).json).toEqual({
      selectedThemeId: 'gamer-dark',
    });
    const mine = (await dave.post('/api/themes', { name: 'Mine', colors: dark })).json.id;
    expect((await dave.put('/api/themes/selection', { selectedThemeId: mine })).status).toBe(200);
    // Deleting the selected theme falls back to the default.
    expect((await dave.delete(`/api/themes/${mine}`)).status).toBe(200);
    expect((await dave.get('/api/themes/selection')).json).toEqual({ selectedThemeId: null });
    expect((await dave.put('/api/themes/selection', { selectedThemeId: null })).status).toBe(200);
  });

  it('refuses unknown ids with 400', async ({ alice }) => {
    for (const id of ['no-such-preset', 'custom-nope']) {
      const res = await alice.put('/api/themes/selection', { selectedThemeId: id });
      expect(res.status, id).toBe(400);
      expect(res.json.message).toBe('Unknown theme');
    }
  });
});

describe('isolation', () => {
  it('never shows or changes another user’s themes', async ({ alice, bob }) => {
    const aliceTheme = (await alice.get('/api/themes')).json.themes[0].id as string;
    expect((await bob.get('/api/themes')).json).toEqual({ themes: [] });
    expect((await bob.put(`/api/themes/${aliceTheme}/activate`)).status).toBe(404);
    expect((await bob.delete(`/api/themes/${aliceTheme}`)).status).toBe(404);
    // Another user's theme cannot be selected either: it is unknown to them (400).
    const sel = await bob.put('/api/themes/selection', { selectedThemeId: aliceTheme });
    expect(sel.status).toBe(400);
    expect(
      (await alice.get('/api/themes')).json.themes.some((x: { id: string }) => x.id === aliceTheme),
    ).toBe(true);
  });

  it('answers 401 when signed out', async ({ t }) => {
    const anon = t.client();
    expect((await anon.get('/api/themes')).status).toBe(401);
    expect((await anon.post('/api/themes', { name: 'X', colors: dark })).status).toBe(401);
    expect((await anon.get('/api/themes/selection')).status).toBe(401);
    expect((await anon.put('/api/themes/selection', { selectedThemeId: null })).status).toBe(401);
  });
});
