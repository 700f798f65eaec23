import { CARD_LIMITS, CARD_MESSAGES, CardError } from './card-limits';

type JsonObject = Record<string, unknown>;

/** The newest card format Reverie knows; a newer one is read as this, with a warning. */
const KNOWN_VERSION = 3;

const TEXT_FIELDS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
  'nickname',
] as const;
const LIST_FIELDS = ['alternate_greetings', 'group_only_greetings', 'tags', 'source'] as const;
const OTHER_FIELDS = [
  'creation_date',
  'modification_date',
  'character_book',
  'extensions',
  'assets',
] as const;
const KNOWN_FIELDS = new Set<string>([...TEXT_FIELDS, ...LIST_FIELDS, ...OTHER_FIELDS]);
/** The flat V1 card's fields (TavernAI): a JSON with a name and one of these is a V1 card. */
const V1_FIELDS = ['description', 'personality', 'scenario', 'first_mes', 'mes_example'];

type TextField = (typeof TEXT_FIELDS)[number];
type ListField = (typeof LIST_FIELDS)[number];

/** One asset of a V3 card (`{ type, uri, name, ext }`), every field kept. */
export type CardAsset = JsonObject & { type: string; uri: string; name: string; ext: string };

/** Every card version as one V3-shaped `data`; fields the spec does not name kept apart. */
export type CardData = Record<TextField, string> &
  Record<ListField, string[]> & {
    creation_date: unknown;
    modification_date: unknown;
    /** The raw `character_book`, normalised by lorebook.ts. */
    character_book: unknown;
    extensions: JsonObject;
    assets: CardAsset[];
    /** Fields the spec does not name, exactly as the card had them. */
    unknown: JsonObject;
    /** Which of the spec's fields the card had (so the draft keeps only those). */
    present: Set<string>;
  };

export interface NormalisedCard {
  /** `chara_card_v3`, `chara_card_v2`, or `v1` for a flat card. */
  spec: string;
  specVersion: string;
  data: CardData;
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The card's JSON bytes as text: within the size limit, valid UTF-8 (a BOM is skipped). */
export function cardText(bytes: Uint8Array): string {
  if (bytes.length > CARD_LIMITS.textMaxBytes) throw new CardError(CARD_MESSAGES.textTooBig, 413);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CardError(CARD_MESSAGES.notUtf8);
  }
}

/** A card's JSON text read as any version and normalised; warnings for what the user should know. */
export function parseCard(bytes: Uint8Array, warnings: string[]): NormalisedCard {
  const text = cardText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CardError(CARD_MESSAGES.brokenJson);
  }
  if (!isObject(value)) throw new CardError(CARD_MESSAGES.notACard);
  const spec = value.spec;
  if (typeof spec === 'string') {
    if (/^lorebook/i.test(spec)) throw new CardError(CARD_MESSAGES.lorebookNotCard);
    const match = /^chara_card_v(\d+)$/.exec(spec);
    if (!match) throw new CardError(CARD_MESSAGES.notACard);
    if (!isObject(value.data)) throw new CardError('This character card has no data in it.');
    const major = Number(match[1]);
    const declared = value.spec_version;
    const specVersion =
      typeof declared === 'string' || typeof declared === 'number'
        ? String(declared)
        : `${major}.0`;
    const version = Math.max(major, Number.parseFloat(specVersion) || 0);
    if (version >= KNOWN_VERSION + 1) {
      warnings.push(
        `This card is in a newer format (${spec} ${specVersion}) than Reverie knows (3.0). ` +
          'It was read as a V3 card; fields Reverie does not know are kept as they are.',
      );
    }
    const data = normaliseData(value.data, warnings);
    if (!hasCardField(data.present)) throw new CardError(CARD_MESSAGES.notACard);
    return { spec, specVersion, data };
  }
  if (typeof value.name === 'string' && V1_FIELDS.some((field) => field in value)) {
    return { spec: 'v1', specVersion: '1.0', data: normaliseData(value, warnings) };
  }
  if ('entries' in value) throw new CardError(CARD_MESSAGES.lorebookNotCard);
  throw new CardError(CARD_MESSAGES.notACard);
}

function hasCardField(present: Set<string>): boolean {
  return ['name', ...V1_FIELDS].some((field) => present.has(field));
}

const READABLE: Record<string, string> = {
  first_mes: 'first message',
  mes_example: 'example dialogue',
  creator_notes: 'creator notes',
  system_prompt: 'system prompt',
  post_history_instructions: 'post-history instructions',
  character_version: 'version',
  alternate_greetings: 'alternate greetings',
  group_only_greetings: 'group-only greetings',
};
export const readableField = (field: string) => READABLE[field] ?? field.replace(/_/g, ' ');

function textOf(value: unknown, field: string, warnings: string[]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value !== undefined && value !== null) {
    warnings.push(`The card’s ${readableField(field)} is not text, so it was left out.`);
  }
  return '';
}

function listOf(value: unknown, field: string, warnings: string[]): string[] {
  if (value === undefined || value === null) return [];
  // Some tools write tags as one comma-separated text.
  if (typeof value === 'string') {
    return field === 'tags'
      ? value
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean)
      : [value];
  }
  if (!Array.isArray(value)) {
    warnings.push(`The card’s ${readableField(field)} is not a list, so it was left out.`);
    return [];
  }
  const texts = value.filter((item): item is string => typeof item === 'string');
  if (texts.length < value.length) {
    warnings.push(
      `${value.length - texts.length} of the card’s ${readableField(field)} are not text, so they were left out.`,
    );
  }
  return texts;
}

function assetsOf(value: unknown): CardAsset[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .filter((asset) => typeof asset.type === 'string' && typeof asset.uri === 'string')
    .map((asset) => ({
      ...asset,
      type: asset.type as string,
      uri: asset.uri as string,
      name: typeof asset.name === 'string' ? asset.name : '',
      ext: typeof asset.ext === 'string' ? asset.ext : '',
    }));
}

function normaliseData(raw: JsonObject, warnings: string[]): CardData {
  const present = new Set(Object.keys(raw).filter((key) => KNOWN_FIELDS.has(key)));
  const unknown: JsonObject = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!KNOWN_FIELDS.has(key)) unknown[key] = value;
  }
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, textOf(raw[field], field, warnings)]),
  ) as Record<TextField, string>;
  const lists = Object.fromEntries(
    LIST_FIELDS.map((field) => [field, listOf(raw[field], field, warnings)]),
  ) as Record<ListField, string[]>;
  return {
    ...texts,
    ...lists,
    creation_date: raw.creation_date ?? null,
    modification_date: raw.modification_date ?? null,
    character_book: raw.character_book ?? null,
    extensions: isObject(raw.extensions) ? raw.extensions : {},
    assets: assetsOf(raw.assets),
    unknown,
    present,
  };
}
