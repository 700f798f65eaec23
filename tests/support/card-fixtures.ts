/**
 * Hand-made character cards for the card tests (issue 47): built here, byte by byte where the
 * format needs it, so no binary fixture is committed.
 */
import { crc32, deflateSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

export const v1Card = {
  name: 'Mira',
  description: 'A lighthouse keeper on a stormy coast.',
  personality: 'Patient, dry humour, fond of tea.',
  scenario: 'A storm has stranded {{user}} at the lighthouse.',
  first_mes: 'Come in out of the rain, {{user}}.',
  mes_example: '<START>\n{{char}}: More tea?',
  avatar: 'none',
  create_date: '2023-5-1 @12h 00m 00s',
};

export const lorebook = {
  name: 'Coast lore',
  scan_depth: 4,
  token_budget: 512,
  recursive_scanning: false,
  extensions: { tool: { kept: true } },
  entries: [
    {
      keys: ['lighthouse', 'lamp'],
      content: 'The lamp has not failed in forty years.',
      extensions: {},
      enabled: true,
      insertion_order: 10,
      case_sensitive: false,
      name: 'Lamp',
      priority: 5,
      id: 1,
      comment: 'the lamp',
      selective: true,
      secondary_keys: ['storm'],
      constant: false,
      position: 'after_char',
    },
    { keys: 'harbour, quay', content: 'The harbour froze once.', enabled: false },
  ],
};

export const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Mira',
    description: 'A lighthouse keeper on a stormy coast.',
    personality: 'Patient, dry humour, fond of tea.',
    scenario: 'A storm has stranded {{user}} at the lighthouse.',
    first_mes: 'Come in out of the rain, {{user}}.',
    mes_example: '<START>\n{{char}}: More tea?',
    creator_notes: 'Best with slow stories.',
    system_prompt: 'Write as {{char}}. {{original}}',
    post_history_instructions: 'Stay in the storm.',
    alternate_greetings: ['The kettle is on.', 'You again? Sit.'],
    character_book: lorebook,
    tags: ['slice of life', 'coast'],
    creator: 'cardmaker',
    character_version: '1.2',
    extensions: { depth_prompt: { depth: 4, prompt: 'rain' }, fav: true },
    x_unknown_field: { kept: ['as', 'is'] },
  },
};

export const v3Card = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    ...v2Card.data,
    nickname: 'Mimi',
    group_only_greetings: ['Everyone, inside!'],
    source: ['https://example.com/mira'],
    creation_date: 1700000000,
    modification_date: 1700000500,
    assets: [
      { type: 'background', uri: 'embeded://assets/background/sea.png', name: 'sea', ext: 'png' },
      { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
    ],
  },
};

export const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
export const base64 = (value: unknown) => json(value).toString('base64');

function chunk(name: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(name, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** A real 2 × 2 PNG (sharp decodes it) with the given text chunks before its pixels. */
export function pngWith(texts: { keyword: string; text: string; international?: boolean }[]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = [0, 200, 40, 180, 200, 40, 180];
  const pixels = deflateSync(Buffer.from([...row, ...row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...texts.map(({ keyword, text, international }) =>
      international
        ? chunk('iTXt', Buffer.from(`${keyword}\0\0\0\0\0${text}`, 'utf8'))
        : chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')),
    ),
    chunk('IDAT', pixels),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** A zip made by fflate (deflated), as a CHARX is. */
export const zip = (files: Record<string, Uint8Array | string>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [
          name,
          typeof data === 'string' ? Buffer.from(data) : data,
        ]),
      ) as Zippable,
    ),
  );

/** A CHARX of the V3 card with its icon (and a background) packed. */
export const charx = (icon: Uint8Array = pngWith([]), card: unknown = v3Card) =>
  zip({
    'card.json': json(card),
    'assets/icon/images/main.png': icon,
    'assets/background/sea.png': pngWith([]),
  });

/** The start of a JPEG: enough for a reader that looks at its first bytes. */
export const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

/**
 * The zip with every entry's declared uncompressed size rewritten to `size` (local header and
 * central directory): a bomb that says it is small.
 */
export function withDeclaredSize(archive: Buffer, size: number): Buffer {
  const copy = Buffer.from(archive);
  for (let at = 0; at + 4 <= copy.length; at++) {
    const signature = copy.readUInt32LE(at);
    if (signature === 0x04034b50) copy.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) copy.writeUInt32LE(size, at + 24);
  }
  return copy;
}
