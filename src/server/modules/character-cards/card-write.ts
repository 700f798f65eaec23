import { zipSync } from 'fflate';
import encodeChunks from 'png-chunks-encode';
import extractChunks from 'png-chunks-extract';
import { encode as encodeText } from 'png-chunk-text';
import type { CardExtras, Lorebook } from '../../../shared/character-cards/contract';
import { AVATAR_GRADIENTS } from '../../../shared/characters/avatar-gradients';
import type { CharacterRow } from '../characters';

/**
 * A character written back out as a card (issue 47 part 6): Character Card V3 data, from which a
 * V2 copy is made for older tools. What the card brought and Reverie does not use (extensions,
 * unknown fields, tags…) comes back as it came (character.card_extras); Reverie's own settings
 * ride in `extensions.reverie`.
 */

type Json = Record<string, unknown>;

/** Card fields Reverie keeps in card_extras under their card names. */
const TEXTS = [
  'scenario',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
] as const;

const text = (extras: CardExtras, field: string) =>
  typeof extras[field] === 'string' ? (extras[field] as string) : '';
const list = (extras: CardExtras, field: string) =>
  Array.isArray(extras[field])
    ? (extras[field] as unknown[]).filter((t): t is string => typeof t === 'string')
    : [];

/** The lorebook as a card's `character_book`: empty optional values left out. */
function bookOf(lorebook: Lorebook): Json {
  return {
    ...lorebook,
    scan_depth: lorebook.scan_depth ?? undefined,
    token_budget: lorebook.token_budget ?? undefined,
    entries: lorebook.entries.map((entry) => ({
      ...entry,
      id: entry.id ?? undefined,
      priority: entry.priority ?? undefined,
    })),
  };
}

/** The Character Card V3 of a character; `icon`: the asset list's image. */
export function cardV3Of(character: CharacterRow, icon: { uri: string; ext: string }): Json {
  const extras: CardExtras = character.cardExtras ?? {};
  const [first = '', ...alternates] = character.greetings;
  const known = new Set<string>([...TEXTS, 'tags', 'group_only_greetings', 'extensions', 'assets']);
  const unknown = Object.fromEntries(Object.entries(extras).filter(([key]) => !known.has(key)));
  const extensions = {
    ...(typeof extras.extensions === 'object' && extras.extensions ? extras.extensions : {}),
    reverie: {
      gender: character.gender,
      type: character.type,
      directnessLevel: character.directnessLevel,
      sexualPreferences: character.sexualPreferences,
      roles: character.roles,
      includeRoles: character.includeRoles,
      settings: character.settings,
      avatarColor: character.avatarColor,
    },
  };
  const data: Json = {
    ...unknown,
    name: character.name,
    description: character.description,
    personality: character.personality,
    first_mes: first,
    alternate_greetings: alternates,
    group_only_greetings: list(extras, 'group_only_greetings'),
    tags: list(extras, 'tags'),
    extensions,
    assets: [{ type: 'icon', uri: icon.uri, name: 'main', ext: icon.ext }],
    creation_date: Math.floor(character.createdAt.getTime() / 1000),
    modification_date: Math.floor(character.updatedAt.getTime() / 1000),
  };
  for (const field of TEXTS) data[field] = text(extras, field);
  if (character.lorebook) data.character_book = bookOf(character.lorebook);
  return { spec: 'chara_card_v3', spec_version: '3.0', data };
}

/** The V2 copy of a V3 card, for tools that read only `chara` (V3-only fields left out). */
export function cardV2Of(v3: Json): Json {
  const {
    group_only_greetings: _group,
    assets: _assets,
    nickname: _nickname,
    creator_notes_multilingual: _multilingual,
    source: _source,
    creation_date: _created,
    modification_date: _modified,
    ...data
  } = v3.data as Json;
  return { spec: 'chara_card_v2', spec_version: '2.0', data };
}

const base64Json = (value: Json) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/**
 * A PNG carrying the card twice, in tEXt chunks before IEND: `ccv3` (V3) and `chara` (V2, which
 * older tools read). Any card chunks the image had are replaced.
 */
export function pngWithCard(png: Buffer, v3: Json): Buffer {
  const chunks = extractChunks(png).filter((chunk) => {
    if (chunk.name !== 'tEXt') return true;
    const keyword = Buffer.from(chunk.data).toString('latin1').split('\0')[0]!.toLowerCase();
    return keyword !== 'chara' && keyword !== 'ccv3';
  });
  const end = chunks.findIndex((chunk) => chunk.name === 'IEND');
  chunks.splice(
    end,
    0,
    encodeText('chara', base64Json(cardV2Of(v3))),
    encodeText('ccv3', base64Json(v3)),
  );
  return Buffer.from(encodeChunks(chunks));
}

/** A CHARX: card.json at the root and the icon at the path its `embeded://` uri names. */
export function charxOf(v3: Json, icon: Buffer, iconPath: string): Buffer {
  return Buffer.from(
    zipSync(
      {
        'card.json': Buffer.from(JSON.stringify(v3), 'utf8'),
        [iconPath]: [icon, { level: 0 }],
      },
      { level: 6 },
    ),
  );
}

/** The character's picture as a PNG: its avatar, or its gradient drawn at 512 px. */
export async function portraitPng(avatar: Buffer | null, gradientKey: string): Promise<Buffer> {
  // Loaded on the first export rather than at start-up (decision 0019).
  const { default: sharp } = await import('sharp');
  if (avatar) return sharp(avatar).png().toBuffer();
  const gradient = AVATAR_GRADIENTS.find((g) => g.key === gradientKey) ?? AVATAR_GRADIENTS[0];
  const stops = [...gradient.css.matchAll(/(#[0-9a-f]{3,8})\s+(\d+)%/gi)]
    .map(([, colour, at]) => `<stop offset="${at}%" stop-color="${colour}"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs>` +
    `<rect width="512" height="512" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
