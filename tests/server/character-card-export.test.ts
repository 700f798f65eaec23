/**
 * GET /api/characters/{id}/card (issue 47 part 6): a character as a PNG card (both `ccv3` and a
 * V2 `chara` chunk), a V3 JSON or a CHARX; reading the file back gives the same character.
 */
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { readPngChunks } from '../../src/server/modules/character-cards/png';
import { appTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';

const it = appTest();

const character = {
  name: 'Mira Ōkawa',
  description: 'A lighthouse keeper who reads the sea.',
  gender: 'female',
  personality: 'Patient, dry humour, fond of tea.',
  greetings: ['Come in out of the rain, {{user}}.', 'The kettle is on.'],
  avatarColor: 'ocean',
};

/** The file a download answers: its bytes and headers. */
async function download(url: string, client: TestClient, path: string) {
  const response = await fetch(`${url}${path}`, { headers: { cookie: client.cookieHeader } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function created(user: TestClient) {
  const res = await user.post('/api/characters', character);
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

describe('GET /api/characters/{id}/card', () => {
  it('a PNG card: its picture with both chunks, read back as the same character', async ({
    t,
    user,
  }) => {
    const id = await created(user);
    const file = await download(t.url, user, `/api/characters/${id}/card`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Mira-Okawa.png"; filename*=UTF-8''${encodeURIComponent('Mira-Ōkawa.png')}`,
    );
    // The gradient drawn as the picture, and the card twice: V3 and V2 for older tools.
    expect((await sharp(file.bytes).metadata()).width).toBe(512);
    const chunks = readPngChunks(file.bytes);
    const v3 = JSON.parse(Buffer.from(chunks.ccv3!, 'base64').toString('utf8'));
    const v2 = JSON.parse(Buffer.from(chunks.chara!, 'base64').toString('utf8'));
    expect(v3).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0' });
    expect(v2).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0' });
    for (const card of [v2, v3]) {
      expect(card.data).toMatchObject({
        name: character.name,
        first_mes: character.greetings[0],
        alternate_greetings: [character.greetings[1]],
        extensions: { reverie: { gender: 'female', avatarColor: 'ocean' } },
      });
    }
    expect(v2.data).not.toHaveProperty('group_only_greetings');

    const read = await user.upload('/api/character-cards/read', file.bytes, 'mira.png');
    expect(read.status, read.text).toBe(200);
    expect(read.json.draft).toMatchObject({
      name: character.name,
      description: character.description,
      personality: character.personality,
      greetings: character.greetings,
      // Reverie's own settings come back too: the same character, not a stranger's card.
      reverie: { gender: 'female', avatarColor: 'ocean', directnessLevel: 2, type: 'companion' },
    });
    expect(read.json.warnings).toEqual([]);
    expect(read.json.avatarUrl).toBe(`/avatars/${read.json.avatarUploadId}`);
    expect(read.json.avatarUploadId).toMatch(/\.png$/);
  });

  it('a V3 JSON and a CHARX, each read back as the same character', async ({ t, user }) => {
    const id = await created(user);
    const json = await download(t.url, user, `/api/characters/${id}/card?format=json`);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.bytes.toString('utf8'))).toMatchObject({ spec: 'chara_card_v3' });
    const charx = await download(t.url, user, `/api/characters/${id}/card?format=charx`);
    expect(charx.headers.get('content-type')).toBe('application/zip');
    for (const [bytes, name] of [
      [json.bytes, 'mira.json'],
      [charx.bytes, 'mira.charx'],
    ] as const) {
      const read = await user.upload('/api/character-cards/read', bytes, name);
      expect(read.status, read.text).toBe(200);
      expect(read.json.draft).toMatchObject({
        name: character.name,
        greetings: character.greetings,
      });
    }
    // The CHARX carries the picture as its icon, which becomes the avatar.
    const read = await user.upload('/api/character-cards/read', charx.bytes, 'mira.charx');
    expect(read.json.avatarUploadId).toMatch(/\.png$/);
  });

  it('a lorebook entry’s V3 decorator lines come back in the card as they were written', async ({
    t,
    user,
  }) => {
    const content =
      '@@scan_depth 2\n@@position after_desc\n@@@role system\nThe lamp is lit at dusk.';
    const id = await created(user);
    const book = { name: 'Coast', entries: [{ keys: ['lamp'], content }] };
    const saved = await user.put(`/api/characters/${id}/lorebook`, { lorebook: book });
    expect(saved.status, saved.text).toBe(200);
    const json = await download(t.url, user, `/api/characters/${id}/card?format=json`);
    const card = JSON.parse(json.bytes.toString('utf8'));
    expect(card.data.character_book.entries[0].content).toBe(content);
    const read = await user.upload('/api/character-cards/read', json.bytes, 'mira.json');
    expect(read.json.lorebook.entries[0].content).toBe(content);
  });

  it('only for its owner, in a known format, signed in', async ({ t, user }) => {
    const id = await created(user);
    const other = await t.signedInUser();
    expect((await download(t.url, other, `/api/characters/${id}/card`)).status).toBe(404);
    expect((await download(t.url, t.client(), `/api/characters/${id}/card`)).status).toBe(401);
    const bad = await user.get(`/api/characters/${id}/card?format=gif`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('The format must be png, json or charx.');
    expect((await user.get('/api/characters/999999/card')).status).toBe(404);
  });
});
