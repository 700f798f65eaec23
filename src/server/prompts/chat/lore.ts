import type { Lorebook, LorebookEntry } from '../../../shared/character-cards/contract';
import { fillMacros, type MacroContext } from '../../../shared/characters/macros';
import { estimateTextTokens } from '../tokens';
import { LORE_SHARE } from './budget';
import type { HistoryMessage } from './input';
import { readDecorators, type LorePosition } from './lore-decorators';
import { keyFinder, keyPattern, type KeyPattern } from './lore-keys';

/**
 * The character's lorebook in a prompt (issue 47 parts 3-4, decision 0052): its enabled entries
 * that are constant, or whose key is in the last `scan_depth` messages (a selective entry also
 * needs a secondary key), in insertion order within the book's token budget (at most LORE_SHARE of
 * the window, taken from the history's room), their `{{char}}`/`{{user}}` filled in. Each goes
 * into a "World information" block just before the character's section or just after it (its
 * position). An entry's V3 decorators (lore-decorators.ts) are read from its content each time and
 * never reach the prompt. A book with `recursive_scanning` also looks for keys in the entries that
 * went in, a few rounds at most; what those bring in takes what is left of the budget.
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

/** How many times the entries that went in are scanned for more (recursive_scanning). */
export const RECURSION_ROUNDS = 3;

export function chooseLore(
  book: Lorebook | null | undefined,
  history: readonly HistoryMessage[],
  window: LoreWindow,
  macros: MacroContext,
): ChosenLore {
  if (!book || book.entries.length === 0) return NO_LORE;
  const share = Math.floor(window.contextTokens * LORE_SHARE);
  const budget = new LoreBudget(Math.min(share, book.token_budget ?? share, window.room), macros);
  const bookDepth = Math.max(0, Math.floor(book.scan_depth ?? DEFAULT_SCAN_DEPTH));
  const candidates = book.entries.flatMap(
    (entry, order) => candidateOf(entry, order, bookDepth, macros) ?? [],
  );
  const inHistory = historyFinders(candidates, history);

  const seen = new Set<Candidate>();
  const round = (among: readonly Candidate[], found: (c: Candidate) => Finder) => {
    const triggered = among.filter((c) => !seen.has(c) && triggers(c, found(c)));
    triggered.forEach((c) => seen.add(c));
    return budget.take(triggered);
  };
  let wentIn = round(candidates, (c) => inHistory(c));

  if (book.recursive_scanning) {
    const inLore: Finder[] = [];
    for (let i = 0; i < RECURSION_ROUNDS && wentIn.length > 0; i++) {
      const feed = wentIn.filter((c) => !flagged(c.entry, 'prevent_recursion', 'preventRecursion'));
      const rest = candidates.filter(
        (c) => !seen.has(c) && !flagged(c.entry, 'exclude_recursion', 'excludeRecursion'),
      );
      if (feed.length === 0 || rest.length === 0) break;
      const finder = keyFinder(
        feed.map((c) => budget.text(c)).join('\n'),
        rest.flatMap(patternsOf),
      );
      inLore.push(finder);
      wentIn = round(rest, (c) => (p) => inHistory(c)(p) || inLore.some((f) => f(p)));
    }
  }
  return budget.chosen();
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

type Finder = (pattern: KeyPattern) => boolean;

/** An enabled entry as this prompt reads it: its decorators applied, its keys as patterns. */
interface Candidate {
  entry: LorebookEntry;
  /** Its place in the book: the last tie-break. */
  order: number;
  /** Its content without decorators (macros not yet filled). */
  content: string;
  position: LorePosition;
  /** Constant or `@@activate`: no key needed (a constant one still minds its decorators). */
  always: boolean;
  /** `@@activate`: not even an excluding key keeps it out. */
  forced: boolean;
  scanDepth: number;
  primary: KeyPattern[];
  secondary: KeyPattern[];
  /** `@@additional_keys` was given: one of them must be found (none, if all were invalid). */
  needsAdditional: boolean;
  additional: KeyPattern[];
  exclude: KeyPattern[];
}

function candidateOf(
  entry: LorebookEntry,
  order: number,
  bookDepth: number,
  macros: MacroContext,
): Candidate | null {
  if (!entry.enabled) return null;
  const { text, decorators } = readDecorators(entry.content);
  if ((decorators.dontActivate && !decorators.activate) || !text) return null;
  const patterns = (keys: readonly string[]) =>
    keys
      .map((key) =>
        keyPattern(
          key.includes('{{') ? fillMacros(key, macros) : key,
          entry.case_sensitive,
          entry.use_regex,
        ),
      )
      .filter((p): p is KeyPattern => p !== null);
  return {
    entry,
    order,
    content: text,
    position: decorators.position ?? entry.position,
    always: entry.constant || decorators.activate,
    forced: decorators.activate,
    scanDepth: decorators.scanDepth ?? bookDepth,
    primary: patterns(entry.keys),
    secondary: patterns(entry.secondary_keys),
    needsAdditional: decorators.additionalKeys.length > 0,
    additional: patterns(decorators.additionalKeys),
    exclude: patterns(decorators.excludeKeys),
  };
}

const patternsOf = (c: Candidate) => [...c.primary, ...c.secondary, ...c.additional, ...c.exclude];

/** Whether the entry goes in, given where its keys are found. */
function triggers(c: Candidate, found: Finder): boolean {
  if (c.forced) return true;
  // The decorators' conditions hold for a constant entry too (the spec's `constant`).
  if (c.exclude.some(found)) return false;
  if (c.needsAdditional && !c.additional.some(found)) return false;
  if (c.always) return true;
  if (!c.primary.some(found)) return false;
  // A selective entry without secondary keys is read as a plain one (as the spec's tools do).
  const plain = !c.entry.selective || c.entry.secondary_keys.length === 0;
  return plain || c.secondary.some(found);
}

/**
 * Each entry's finder over the messages its scan depth covers: one per depth in use, so users'
 * expressions run once per text (lore-keys.ts).
 */
function historyFinders(candidates: readonly Candidate[], history: readonly HistoryMessage[]) {
  const byDepth = new Map<number, Finder>();
  for (const depth of new Set(candidates.map((c) => c.scanDepth))) {
    const text =
      depth > 0
        ? history
            .slice(-depth)
            .map((m) => m.content)
            .join('\n')
        : '';
    const asked = candidates.filter((c) => c.scanDepth === depth).flatMap(patternsOf);
    byDepth.set(depth, keyFinder(text, asked));
  }
  return (c: Candidate) => byDepth.get(c.scanDepth)!;
}

/** SillyTavern's per-entry recursion switches, in a card's names or its World Info's. */
const flagged = (entry: LorebookEntry, ...names: string[]) =>
  names.some((name) => entry.extensions[name] === true);

const byPlace = (a: Candidate, b: Candidate) =>
  a.entry.insertion_order - b.entry.insertion_order ||
  (b.entry.priority ?? 0) - (a.entry.priority ?? 0) ||
  a.order - b.order;

/** The lore's room: entries taken in order while they fit, a shorter one after a longer. */
class LoreBudget {
  private readonly taken: Candidate[] = [];
  private readonly filled = new Map<Candidate, string>();
  private readonly counts = { before_char: 0, after_char: 0 };
  private readonly heading = estimateTextTokens(`\n\n${LORE_HEADING}`);
  private spent = 0;

  constructor(
    private readonly budget: number,
    private readonly macros: MacroContext,
  ) {}

  /** The entry's text as the prompt carries it (macros filled once). */
  text(c: Candidate) {
    let text = this.filled.get(c);
    if (text === undefined) {
      text = fillMacros(c.content, this.macros).trim();
      this.filled.set(c, text);
    }
    return text;
  }

  /** Takes what fits of `candidates`, in insertion order; answers those taken. */
  take(candidates: readonly Candidate[]): Candidate[] {
    const now: Candidate[] = [];
    for (const c of [...candidates].sort(byPlace)) {
      const text = this.text(c);
      if (!text) continue;
      const cost = estimateTextTokens(`\n${text}`) + (this.counts[c.position] ? 0 : this.heading);
      if (this.spent + cost > this.budget) continue; // a shorter one further down may still fit
      this.spent += cost;
      this.counts[c.position]++;
      now.push(c);
    }
    this.taken.push(...now);
    return now;
  }

  /** Everything taken, each side in insertion order. */
  chosen(): ChosenLore {
    const all = [...this.taken].sort(byPlace);
    const block = (side: LorePosition) => {
      const texts = all.filter((c) => c.position === side).map((c) => this.text(c));
      return texts.length ? `${LORE_HEADING}\n${texts.join('\n')}` : null;
    };
    const used = all.map(({ entry }) => ({
      id: entry.id,
      name: entry.name || entry.comment || entry.keys[0] || '',
    }));
    return { before: block('before_char'), after: block('after_char'), used };
  }
}
