import type { Lorebook, LorebookEntry } from '../../../shared/character-cards/contract';
import { isObject } from './normalise';

type JsonObject = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
/** Keys as a list; a comma-separated text (older tools) is split. */
const keys = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((key): key is string => typeof key === 'string')
    : typeof value === 'string'
      ? value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean)
      : [];

function entryOf(raw: JsonObject, index: number): LorebookEntry {
  const id = raw.id ?? raw.uid;
  return {
    id: typeof id === 'number' || typeof id === 'string' ? id : null,
    name: text(raw.name),
    comment: text(raw.comment),
    keys: keys(raw.keys ?? raw.key),
    secondary_keys: keys(raw.secondary_keys ?? raw.keysecondary),
    content: text(raw.content),
    // SillyTavern's World Info says `disable` where the card says `enabled`.
    enabled: bool(raw.enabled, !bool(raw.disable, false)),
    insertion_order: numberOr(raw.insertion_order ?? raw.order, index),
    case_sensitive: bool(raw.case_sensitive, false),
    constant: bool(raw.constant, false),
    selective: bool(raw.selective, false),
    priority: numberOr(raw.priority, null),
    position: raw.position === 'after_char' ? 'after_char' : 'before_char',
    use_regex: bool(raw.use_regex, false),
    extensions: isObject(raw.extensions) ? raw.extensions : {},
  };
}

/**
 * The card's `character_book` normalised: every field present with its spec default, entries as
 * a list (SillyTavern keeps them in an object by id). Null when the card has none.
 */
export function normaliseLorebook(book: unknown, warnings: string[]): Lorebook | null {
  if (book === null || book === undefined) return null;
  if (!isObject(book)) {
    warnings.push('The card’s lorebook is not in a form Reverie reads, so it was left out.');
    return null;
  }
  const rawEntries = Array.isArray(book.entries)
    ? book.entries
    : isObject(book.entries)
      ? Object.values(book.entries)
      : [];
  const entries = rawEntries.filter(isObject);
  if (entries.length < rawEntries.length) {
    warnings.push(
      `${rawEntries.length - entries.length} lorebook entries could not be read and were left out.`,
    );
  }
  return {
    name: text(book.name),
    description: text(book.description),
    scan_depth: numberOr(book.scan_depth, null),
    token_budget: numberOr(book.token_budget, null),
    recursive_scanning: bool(book.recursive_scanning, false),
    extensions: isObject(book.extensions) ? book.extensions : {},
    entries: entries.map(entryOf),
  };
}
