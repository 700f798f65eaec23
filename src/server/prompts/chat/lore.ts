import type { Lorebook, LorebookEntry } from '../../../shared/character-cards/contract';
import { fillMacros, type MacroContext } from '../../../shared/characters/macros';
import { estimateTextTokens } from '../tokens';
import { LORE_SHARE } from './budget';
import type { HistoryMessage } from './input';
import { keyPattern, testUserPatterns, type KeyPattern } from './lore-keys';

/**
 * The character's lorebook in a prompt (issue 47 part 3, decision 0052): its enabled entries that
 * are constant, or whose key is in the last `scan_depth` messages (a selective entry also needs a
 * secondary key), in insertion order within the book's token budget (at most LORE_SHARE of the
 * window, taken from the history's room), their `{{char}}`/`{{user}}` filled in. Each goes into a
 * "World information" block just before the character's section or just after it (its position).
 */

export const DEFAULT_SCAN_DEPTH = 4;
export const LORE_HEADING = 'World information:';

/** An entry a prompt carried, for the reply's 'lore' marker. */
export interface UsedLore {
  id: number | string | null;
  /** Its name, else its comment, else its first key. */
  name: string;
}

export interface ChosenLore {
  /** The block just before the character's section, or null. */
  before: string | null;
  /** The block just after it, or null. */
  after: string | null;
  used: UsedLore[];
}

export const NO_LORE: ChosenLore = { before: null, after: null, used: [] };

/** Where the lore's room comes from: the window's share, cut to what is left of it. */
export interface LoreWindow {
  contextTokens: number;
  room: number;
}

export function chooseLore(
  book: Lorebook | null | undefined,
  history: readonly HistoryMessage[],
  window: LoreWindow,
  macros: MacroContext,
): ChosenLore {
  if (!book || book.entries.length === 0) return NO_LORE;
  const share = Math.floor(window.contextTokens * LORE_SHARE);
  const budget = Math.min(share, book.token_budget ?? share, window.room);
  const depth = Math.max(0, Math.floor(book.scan_depth ?? DEFAULT_SCAN_DEPTH));
  const scanned = depth > 0 ? history.slice(-depth).map((m) => m.content) : [];
  const candidates = triggered(book.entries, scanned.join('\n'), macros)
    .map((entry, order) => ({ entry, order }))
    .sort(
      (a, b) =>
        a.entry.insertion_order - b.entry.insertion_order ||
        (b.entry.priority ?? 0) - (a.entry.priority ?? 0) ||
        a.order - b.order,
    );

  const sides = { before_char: [] as string[], after_char: [] as string[] };
  const used: UsedLore[] = [];
  const heading = estimateTextTokens(`\n\n${LORE_HEADING}`);
  let spent = 0;
  for (const { entry } of candidates) {
    const content = fillMacros(entry.content, macros).trim();
    if (!content) continue;
    const side = sides[entry.position];
    const cost = estimateTextTokens(`\n${content}`) + (side.length ? 0 : heading);
    if (spent + cost > budget) continue; // a shorter one further down may still fit
    spent += cost;
    side.push(content);
    used.push({ id: entry.id, name: entry.name || entry.comment || entry.keys[0] || '' });
  }
  const block = (contents: string[]) =>
    contents.length ? `${LORE_HEADING}\n${contents.join('\n')}` : null;
  return { before: block(sides.before_char), after: block(sides.after_char), used };
}

/** The system message's parts with the lore around the character's section. */
export function withLore(parts: readonly string[], characterPart: string, lore: ChosenLore) {
  if (!lore.before && !lore.after) return [...parts];
  return parts.flatMap((part) =>
    part === characterPart
      ? [lore.before, part, lore.after].filter((s): s is string => Boolean(s))
      : [part],
  );
}

/** The enabled entries that go into this prompt before the budget: constant or triggered. */
function triggered(
  entries: readonly LorebookEntry[],
  text: string,
  macros: MacroContext,
): LorebookEntry[] {
  const keyed = entries.filter((e) => e.enabled && !e.constant);
  const patternsOf = (entry: LorebookEntry, keys: readonly string[]) =>
    keys
      .map((key) =>
        keyPattern(
          key.includes('{{') ? fillMacros(key, macros) : key,
          entry.case_sensitive,
          entry.use_regex,
        ),
      )
      .filter((p): p is KeyPattern => p !== null);
  const primary = new Map(keyed.map((e) => [e, patternsOf(e, e.keys)]));
  const secondary = new Map(keyed.map((e) => [e, patternsOf(e, e.secondary_keys)]));
  // Users' expressions run together under one time limit (lore-keys.ts).
  const users = [...primary.values(), ...secondary.values()]
    .flat()
    .filter((p) => p.user)
    .map((p) => p.regex);
  const userFound = users.length ? testUserPatterns(users, text) : new Map<RegExp, boolean>();
  const found = (p: KeyPattern) => (p.user ? userFound.get(p.regex) === true : p.regex.test(text));

  return entries.filter((entry) => {
    if (!entry.enabled) return false;
    if (entry.constant) return true;
    if (!text || !primary.get(entry)!.some(found)) return false;
    const also = secondary.get(entry)!;
    // A selective entry without secondary keys is read as a plain one (as the spec's tools do).
    return !entry.selective || entry.secondary_keys.length === 0 || also.some(found);
  });
}
