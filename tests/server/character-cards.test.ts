/**
 * POST /api/character-cards/read (issue 47): a card file in, the draft the Create Character form
 * opens with out, its image stored through the avatar pipeline; nothing else is created.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { appTest } from '../support/server-fixtures';
import { base64, charx, json, pngWith, v2Card, v3Card } from '../support/card-fixtures';

const READ = '/api/character-cards/read';
const it = appTest();

describe('POST /api/character-cards/read', () => {
  it('needs a signed-in user', async ({ t }) => {
    const png = pngWith([{ keyword: 'chara', text: base64(v2Card) }]);
    const res = await t.client().upload(READ, png, 'mira.png');
    expect(res.status).toBe(401);
  });

  it('answers the draft, lorebook and warnings of a PNG card, its image as a stored avatar', async ({
    t,
    user,
  }) => {
    const card = { ...v2Card, data: { ...v2Card.data, description: 'd'.repeat(150) } };
    const png = pngWith([{ keyword: 'chara', text: base64(card) }]);
    const res = await user.upload(READ, png, 'mira.png');
    expect(res.status, res.text).toBe(200);
    expect(res.json.draft).toMatchObject({
      name: 'Mira',
      description: 'd'.repeat(150),
      personality: 'Patient, dry humour, fond of tea.',
      greetings: ['Come in out of the rain, {{user}}.', 'The kettle is on.', 'You again? Sit.'],
    });
    expect(res.json.draft.extras).toMatchObject({
      scenario: v2Card.data.scenario,
      x_unknown_field: { kept: ['as', 'is'] },
      extensions: v2Card.data.extensions,
    });
    expect(res.json.draft).not.toHaveProperty('gender');
    expect(res.json.lorebook.entries.map((e: { keys: string[] }) => e.keys)).toEqual([
      ['lighthouse', 'lamp'],
      ['harbour', 'quay'],
    ]);
    expect(res.json.warnings).toEqual([
      'The description is 150 characters, 50 over Reverie’s limit of 100: shorten it before saving.',
    ]);

    // The image went through the upload pipeline: re-encoded, served, without the card text.
    const fileName = res.json.avatarUploadId as string;
    expect(fileName).toMatch(/^[\w-]{20,}\.png$/);
    expect(existsSync(path.join(t.dataDir, 'avatars', fileName))).toBe(true);
    const served = Buffer.from(await (await fetch(`${t.url}/avatars/${fileName}`)).arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(2);
    expect(served.toString('latin1')).not.toContain('chara');
  });

  it('creates nothing but the avatar; the avatar is usable as avatarImage', async ({ t }) => {
    const reader = await t.signedInUser('card-reader@example.com');
    const read = await reader.upload(READ, charx(), 'mira.charx');
    expect(read.status, read.text).toBe(200);
    expect((await reader.get('/api/characters')).json).toEqual([]);

    const { draft, avatarUploadId } = read.json;
    const created = await reader.post('/api/characters', {
      name: draft.name,
      description: draft.description,
      personality: draft.personality,
      greetings: draft.greetings,
      gender: 'female',
      avatarImage: avatarUploadId,
    });
    expect(created.status, created.text).toBe(201);
    const character = (await reader.get(`/api/characters/${created.json.id}`)).json;
    expect(character.avatarImage).toBe(avatarUploadId);
    expect(character.greetings).toEqual(draft.greetings);
  });

  it('reads a JSON card with no image, and a newer format with a warning', async ({ user }) => {
    const res = await user.upload(
      READ,
      json({ ...v3Card, spec_version: '4.0' }),
      'mira.json',
      'application/json',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.avatarUploadId).toBeNull();
    expect(res.json.draft.extras.group_only_greetings).toEqual(['Everyone, inside!']);
    expect(res.json.warnings[0]).toMatch(/newer format \(chara_card_v3 4\.0\)/);
  });

  it('keeps a card whose image cannot be decoded, with a warning and no avatar', async ({
    user,
  }) => {
    const res = await user.upload(READ, charx(Buffer.from('not an image')), 'mira.charx');
    expect(res.status, res.text).toBe(200);
    expect(res.json.draft.name).toBe('Mira');
    expect(res.json.avatarUploadId).toBeNull();
    expect(res.json.warnings).toContain(
      'The card’s image could not be read, so it was not used as the avatar.',
    );
  });

  it('refuses bad files with a plain 400 or 413 and creates nothing', async ({ t }) => {
    const reader = await t.signedInUser('bad-cards@example.com');
    const noCard = await reader.upload(READ, pngWith([]), 'empty.png');
    expect(noCard.status).toBe(400);
    expect(noCard.json.message).toBe('This PNG has no character card in it.');

    const notCard = await reader.upload(READ, json({ hello: 1 }), 'a.json', 'application/json');
    expect(notCard.status).toBe(400);
    expect(notCard.json.message).toBe('This JSON is not a character card.');

    const tooBig = await reader.upload(READ, Buffer.alloc(20 * 1024 * 1024 + 1, 0x20), 'a.json');
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe(
      'This file is over 20 MB. Reverie reads character cards up to 20 MB.',
    );

    const wrongField = await reader.upload(READ, pngWith([]), 'a.png', 'image/png', 'picture');
    expect(wrongField.status).toBe(400);
    expect((await reader.get('/api/characters')).json).toEqual([]);
  });

  it('is in the OpenAPI document', async ({ t }) => {
    const { json: doc } = await t.client().get('/api/openapi.json');
    expect(doc.paths[READ].post['x-needs'].rate).toMatchObject({
      rule: 'characterCardReadsPerUser',
    });
  });
});
