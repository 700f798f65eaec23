import type { Lorebook } from '../../../shared/lorebooks/contract';
import { badRequest } from '../../errors';
import { normaliseLorebook } from '../character-cards';

/**
 * A standalone lorebook file read into our book (issue 47 part 3): a `lorebook_v3` JSON
 * (`{ spec: 'lorebook_v3', data: book }`), a bare V2/V3 `character_book`, or SillyTavern's World
 * Info (`{ entries: { "0": { uid, key, keysecondary, content, order, position, disable… } } }`).
 * Each is normalised as a card's book is (character-cards' normaliseLorebook). Pure.
 */

export const LOREBOOK_FILE_MESSAGES = {
  notJson: 'This file is not JSON. Import a lorebook saved as a .json file.',
  notLorebook:
    'This JSON is not a lorebook. Reverie imports lorebook_v3 files, a character card’s lorebook and SillyTavern World Info.',
  empty: 'This lorebook has no entries.',
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key SillyTavern reads as a regular expression: `/pattern/flags`. */
const REGEX_KEY = /^\/.+\/[a-z]*$/s;

export function readLorebookFile(
  bytes: Uint8Array,
  fileName: string,
): { book: Lorebook; warnings: string[] } {
  let json: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(LOREBOOK_FILE_MESSAGES.notJson);
  }
  if (!isObject(json)) throw badRequest(LOREBOOK_FILE_MESSAGES.notLorebook);

  const warnings: string[] = [];
  let raw: JsonObject;
  if (json.spec === 'lorebook_v3') {
    if (!isObject(json.data)) throw badRequest(LOREBOOK_FILE_MESSAGES.notLorebook);
    raw = json.data;
  } else if (Array.isArray(json.entries)) {
    raw = json;
  } else if (isWorldInfo(json.entries)) {
    raw = worldInfoBook(json, json.entries, warnings);
  } else {
    throw badRequest(LOREBOOK_FILE_MESSAGES.notLorebook);
  }
  if (!Array.isArray(raw.entries) && !isObject(raw.entries)) {
    throw badRequest(LOREBOOK_FILE_MESSAGES.notLorebook);
  }
  const book = normaliseLorebook(raw, warnings)!;
  if (book.entries.length === 0) throw badRequest(LOREBOOK_FILE_MESSAGES.empty);
  if (!book.name) book.name = fileName.replace(/\.[^.]*$/, '').slice(0, 200);
  return { book, warnings };
}

/** SillyTavern keeps its entries in an object by uid, each with `key` and `content`. */
function isWorldInfo(entries: unknown): entries is JsonObject {
  if (!isObject(entries)) return false;
  const values = Object.values(entries);
  return values.length > 0 && values.every((e) => isObject(e) && ('key' in e || 'content' in e));
}

/**
 * World Info in a card's names. Its `position` is a number: 0 before the character, 1 after it,
 * the others places Reverie has not (the author's note, a depth in the chat…): those go after the
 * character, as SillyTavern's own card export puts them, with a warning. Its fields we do not map
 * are kept in the entry's extensions.
 */
function worldInfoBook(file: JsonObject, entries: JsonObject, warnings: string[]): JsonObject {
  let elsewhere = 0;
  const mapped = Object.values(entries).map((value) => {
    const {
      uid,
      key,
      keysecondary,
      content,
      comment,
      constant,
      selective,
      order,
      position,
      disable,
      caseSensitive,
      extensions,
      ...rest
    } = value as JsonObject;
    if (position !== undefined && position !== 0 && position !== 1) elsewhere++;
    const keys = [key, keysecondary].flatMap((k) => (Array.isArray(k) ? k : []));
    return {
      id: uid,
      name: comment,
      comment,
      keys: key,
      secondary_keys: keysecondary,
      content,
      constant,
      selective,
      insertion_order: order,
      position: position === 0 || position === undefined ? 'before_char' : 'after_char',
      enabled: disable !== true,
      case_sensitive: caseSensitive === true,
      use_regex: keys.some((k) => typeof k === 'string' && REGEX_KEY.test(k)),
      extensions: { ...(isObject(extensions) ? extensions : {}), ...rest, position },
    };
  });
  if (elsewhere > 0) {
    warnings.push(
      `${elsewhere} ${elsewhere === 1 ? 'entry was' : 'entries were'} placed where Reverie has no place for lore (the author’s note or a depth in the chat), so ${elsewhere === 1 ? 'it goes' : 'they go'} after the character.`,
    );
  }
  return {
    name: typeof file.name === 'string' ? file.name : '',
    description: typeof file.description === 'string' ? file.description : '',
    entries: mapped,
  };
}
