/**
 * Reading character cards (issue 47): every format and version into one draft, and every bad
 * file refused with a plain 400 or 413 (src/server/modules/character-cards).
 */
import { describe, expect, it } from 'vitest';
import { readCardDraft } from '../../src/server/modules/character-cards';
import { isPng } from '../../src/server/modules/character-cards/png';
import {
  base64,
  charx,
  JPEG_START,
  json,
  lorebook,
  pngWith,
  v1Card,
  v2Card,
  v3Card,
  withDeclaredSize,
  zip,
} from '../support/card-fixtures';

const MB = 1024 * 1024;

/** The error readCardDraft throws: its status and message. */
function refusal(bytes: Uint8Array, fileName: string) {
  try {
    readCardDraft(bytes, fileName);
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { statusCode, message };
  }
  throw new Error('the card was read');
}

describe('reading a card', () => {
  it('reads a V1 card: the flat fields, extras kept, no personality invented', () => {
    const read = readCardDraft(json({ ...v1Card, personality: '' }), 'mira.json');
    expect(read.draft).toMatchObject({
      name: 'Mira',
      description: 'A lighthouse keeper on a stormy coast.',
      personality: '',
      greetings: ['Come in out of the rain, {{user}}.'],
    });
    expect(read.draft.extras).toEqual({
      scenario: v1Card.scenario,
      mes_example: v1Card.mes_example,
      avatar: 'none',
      create_date: v1Card.create_date,
    });
    expect(read.lorebook).toBeNull();
    expect(read.image).toBeNull();
  });

  it('reads a V2 card with its lorebook normalised and every unmapped field in extras', () => {
    const read = readCardDraft(json(v2Card), 'mira.json');
    expect(read.draft.greetings).toEqual([
      'Come in out of the rain, {{user}}.',
      'The kettle is on.',
      'You again? Sit.',
    ]);
    expect(read.draft.personality).toBe('Patient, dry humour, fond of tea.');
    expect(read.draft.extras).toEqual({
      scenario: v2Card.data.scenario,
      mes_example: v2Card.data.mes_example,
      creator_notes: 'Best with slow stories.',
      system_prompt: 'Write as {{char}}. {{original}}',
      post_history_instructions: 'Stay in the storm.',
      tags: ['slice of life', 'coast'],
      creator: 'cardmaker',
      character_version: '1.2',
      extensions: v2Card.data.extensions,
      x_unknown_field: { kept: ['as', 'is'] },
    });
    expect(read.lorebook).toEqual({
      name: 'Coast lore',
      description: '',
      scan_depth: 4,
      token_budget: 512,
      recursive_scanning: false,
      extensions: { tool: { kept: true } },
      entries: [
        {
          id: 1,
          name: 'Lamp',
          comment: 'the lamp',
          keys: ['lighthouse', 'lamp'],
          secondary_keys: ['storm'],
          content: 'The lamp has not failed in forty years.',
          enabled: true,
          insertion_order: 10,
          case_sensitive: false,
          constant: false,
          selective: true,
          priority: 5,
          position: 'after_char',
          use_regex: false,
          extensions: {},
        },
        expect.objectContaining({
          keys: ['harbour', 'quay'],
          enabled: false,
          insertion_order: 1,
          position: 'before_char',
          priority: null,
        }),
      ],
    });
    expect(read.warnings).toEqual([]);
  });

  it('reads a V3 card: assets, nickname, group-only greetings and dates kept', () => {
    const read = readCardDraft(json(v3Card), 'mira.json');
    expect(read.warnings).toEqual([]);
    expect(read.draft.extras).toMatchObject({
      nickname: 'Mimi',
      group_only_greetings: ['Everyone, inside!'],
      source: ['https://example.com/mira'],
      creation_date: 1700000000,
      modification_date: 1700000500,
      assets: v3Card.data.assets,
    });
    // Group-only greetings are not the character's own greetings.
    expect(read.draft.greetings).not.toContain('Everyone, inside!');
    // A V3 card's icon in a plain JSON has no bytes to go with it.
    expect(read.image).toBeNull();
  });

  it('reads a newer spec_version with a warning', () => {
    const read = readCardDraft(
      json({ ...v3Card, spec_version: '4.0', data: { ...v3Card.data, mood_ring: 'blue' } }),
      'future.json',
    );
    expect(read.draft.name).toBe('Mira');
    expect(read.draft.extras.mood_ring).toBe('blue');
    expect(read.warnings).toEqual([
      'This card is in a newer format (chara_card_v3 4.0) than Reverie knows (3.0). It was read as a V3 card; fields Reverie does not know are kept as they are.',
    ]);
  });

  it('warns about every field over our limits and cuts nothing', () => {
    const long = (n: number) => 'x'.repeat(n);
    const card = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: long(62),
        description: long(1500),
        personality: long(512),
        first_mes: long(2100),
        alternate_greetings: ['a', 'b', 'c', 'd', long(2001), 'f', 'g'],
      },
    };
    const read = readCardDraft(json(card), 'big.json');
    expect(read.draft.name).toHaveLength(62);
    expect(read.draft.description).toHaveLength(1500);
    expect(read.draft.personality).toHaveLength(512);
    expect(read.draft.greetings.map((g) => g.length)).toEqual([2100, 1, 1, 1, 1]);
    expect(read.warnings).toEqual([
      'The card has 8 greetings; Reverie keeps 5, so 3 were left out.',
      'The name is 62 characters, 12 over Reverie’s limit of 50: shorten it before saving.',
      'The description is 1,500 characters, 1,400 over Reverie’s limit of 100: shorten it before saving.',
      'The personality is 512 characters, 12 over Reverie’s limit of 500: shorten it before saving.',
      'The first greeting is 2,100 characters, 100 over Reverie’s limit of 2,000: shorten it before saving.',
    ]);
  });
});

describe('reading a PNG card', () => {
  it('reads the `chara` chunk and gives the PNG back without its card text', () => {
    const png = pngWith([
      { keyword: 'Comment', text: 'made by hand' },
      { keyword: 'chara', text: base64(v2Card) },
    ]);
    const read = readCardDraft(png, 'Mira.PNG');
    expect(read.draft.name).toBe('Mira');
    expect(read.lorebook?.entries).toHaveLength(2);
    expect(read.image && isPng(read.image)).toBe(true);
    expect(read.image!.length).toBeLessThan(png.length);
    expect(read.image!.toString('latin1')).not.toContain('chara');
  });

  it('prefers `ccv3` to `chara`', () => {
    const png = pngWith([
      { keyword: 'chara', text: base64({ ...v2Card, data: { ...v2Card.data, name: 'Old' } }) },
      { keyword: 'ccv3', text: base64(v3Card) },
    ]);
    const read = readCardDraft(png, 'card.png');
    expect(read.draft.name).toBe('Mira');
    expect(read.draft.extras.nickname).toBe('Mimi');
  });

  it('reads an iTXt chunk, and the V2 data when the V3 data is broken', () => {
    const itxt = pngWith([{ keyword: 'chara', text: base64(v1Card), international: true }]);
    expect(readCardDraft(itxt, 'card.png').draft.name).toBe('Mira');
    const broken = pngWith([
      { keyword: 'ccv3', text: 'not base64 at all!' },
      { keyword: 'chara', text: base64(v2Card) },
    ]);
    const read = readCardDraft(broken, 'card.png');
    expect(read.draft.name).toBe('Mira');
    expect(read.warnings).toContain(
      'The card’s V3 data could not be read, so its V2 data was used.',
    );
  });
});

describe('reading a CHARX', () => {
  it('reads card.json and takes the `main` icon as the image', () => {
    const icon = pngWith([{ keyword: 'Comment', text: 'the icon' }]);
    const read = readCardDraft(charx(icon), 'mira.charx');
    expect(read.draft.name).toBe('Mira');
    expect(read.draft.extras.group_only_greetings).toEqual(['Everyone, inside!']);
    expect(read.image).toEqual(icon);
  });

  it('reads a JPEG with the CHARX appended; the JPEG is the image when no icon is packed', () => {
    const card = { ...v3Card, data: { ...v3Card.data, assets: [] } };
    const file = Buffer.concat([JPEG_START, zip({ 'card.json': json(card) })]);
    const read = readCardDraft(file, 'mira.jpg');
    expect(read.draft.name).toBe('Mira');
    expect(read.image).toEqual(JPEG_START);
    const withIcon = Buffer.concat([JPEG_START, charx()]);
    expect(isPng(readCardDraft(withIcon, 'mira.charx').image!)).toBe(true);
  });

  it('warns when the icon is missing or only a web link', () => {
    const missing = zip({ 'card.json': json(v3Card) });
    expect(readCardDraft(missing, 'a.charx').warnings).toContain(
      'The card’s image is missing from the CHARX, so it has no avatar.',
    );
    const linked = {
      ...v3Card,
      data: {
        ...v3Card.data,
        assets: [{ type: 'icon', uri: 'https://x.test/a.png', name: 'main', ext: 'png' }],
      },
    };
    const read = readCardDraft(zip({ 'card.json': json(linked) }), 'a.charx');
    expect(read.image).toBeNull();
    expect(read.warnings).toContain(
      'The card’s image is a web link, which Reverie does not download.',
    );
  });
});

describe('refusing what is not a readable card', () => {
  it.each([
    [
      'a PNG without a card',
      pngWith([{ keyword: 'Comment', text: 'hi' }]),
      'a.png',
      400,
      'This PNG has no character card in it.',
    ],
    [
      'broken base64',
      pngWith([{ keyword: 'chara', text: 'eyJu@@@' }]),
      'a.png',
      400,
      'The card data in this PNG is not valid base64, so it could not be read.',
    ],
    [
      'base64 of broken JSON',
      pngWith([{ keyword: 'chara', text: Buffer.from('{"name":').toString('base64') }]),
      'a.png',
      400,
      'The card’s JSON is broken, so it could not be read.',
    ],
    [
      'JSON that is not a card',
      json({ hello: 'world' }),
      'a.json',
      400,
      'This JSON is not a character card.',
    ],
    [
      'a lorebook',
      json({ spec: 'lorebook_v3', data: lorebook }),
      'a.json',
      400,
      'This is a lorebook, not a character card.',
    ],
    [
      'a card with no data',
      json({ spec: 'chara_card_v2' }),
      'a.json',
      400,
      'This character card has no data in it.',
    ],
    [
      'text that is not UTF-8',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      'a.json',
      400,
      'The card’s text is not valid UTF-8, so it could not be read.',
    ],
    [
      'a .png that is not an image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.png',
      400,
      'This file is named .png but is not a PNG image.',
    ],
    ['a JPEG without a card', JPEG_START, 'a.jpg', 400, 'This image has no character card in it.'],
    [
      'a .charx that is no zip',
      Buffer.from('hello'),
      'a.charx',
      400,
      'This .charx file is not a CHARX archive (a zip with card.json).',
    ],
    [
      'a CHARX without card.json',
      zip({ 'readme.txt': 'hi' }),
      'a.charx',
      400,
      'This CHARX has no card.json at its root.',
    ],
    [
      'an unknown kind of file',
      Buffer.from('just some words'),
      'notes.txt',
      400,
      'This file is not a character card Reverie can read. Choose a .png, .json or .charx card.',
    ],
  ])('refuses %s', (_what, bytes, fileName, status, message) => {
    expect(refusal(bytes, fileName)).toEqual({ statusCode: status, message });
  });

  it('refuses a card over 2 MB of text and a file over 20 MB with 413', () => {
    const huge = { ...v2Card, data: { ...v2Card.data, description: 'x'.repeat(2 * MB) } };
    expect(refusal(json(huge), 'a.json')).toEqual({
      statusCode: 413,
      message:
        'This character card holds more than 2 MB of text. Reverie reads cards up to 2 MB of text.',
    });
    expect(refusal(pngWith([{ keyword: 'chara', text: base64(huge) }]), 'a.png').statusCode).toBe(
      413,
    );
    expect(refusal(zip({ 'card.json': json(huge) }), 'a.charx').statusCode).toBe(413);
    expect(refusal(Buffer.alloc(20 * MB + 1, 0x20), 'a.json')).toEqual({
      statusCode: 413,
      message: 'This file is over 20 MB. Reverie reads character cards up to 20 MB.',
    });
  });

  it('refuses a zip bomb, by its declared size and while unpacking', () => {
    const tooBig =
      'This CHARX unpacks to more than Reverie accepts (a file over 20 MB, or over 100 MB in all).';
    const declared = zip({
      'card.json': json(v3Card),
      'assets/zeros.bin': new Uint8Array(21 * MB),
    });
    expect(refusal(declared, 'a.charx')).toEqual({ statusCode: 400, message: tooBig });
    // Says it is 100 bytes, unpacks to 10 MB: stopped as soon as it passes what it declared.
    const lying = withDeclaredSize(zip({ 'card.json': new Uint8Array(10 * MB).fill(0x20) }), 100);
    expect(refusal(lying, 'a.charx')).toEqual({ statusCode: 400, message: tooBig });
  });

  it('refuses a CHARX with a path that leaves the archive', () => {
    const message =
      'This CHARX has a file whose path leads outside the archive, so it was not read.';
    for (const name of ['../evil.txt', 'assets/../../evil.txt', '/etc/evil', 'C:/evil']) {
      const archive = zip({ 'card.json': json(v3Card), [name]: 'x' });
      expect(refusal(archive, 'a.charx'), name).toEqual({ statusCode: 400, message });
    }
  });

  it('refuses a CHARX with thousands of files', () => {
    const files: Record<string, string> = { 'card.json': JSON.stringify(v3Card) };
    for (let i = 0; i < 1001; i++) files[`assets/other/${i}.txt`] = '';
    expect(refusal(zip(files), 'a.charx')).toEqual({
      statusCode: 400,
      message: 'This CHARX holds more than 1000 files, more than a character card needs.',
    });
  });
});

describe('a card Reverie exported', () => {
  it('gives back its settings, each only when valid here', () => {
    const card = {
      ...v3Card,
      data: {
        ...v3Card.data,
        extensions: {
          reverie: {
            gender: 'female',
            directnessLevel: 99,
            roles: 'not a list',
            includeRoles: true,
          },
        },
      },
    };
    const read = readCardDraft(json(card), 'mira.json');
    expect(read.draft.reverie).toEqual({ gender: 'female', includeRoles: true });
    expect(readCardDraft(json(v3Card), 'mira.json').draft.reverie).toBeUndefined();
  });
});
