/**
 * The crisis protocol's patterns (the message screen's and the reply guard's): regular
 * expressions made quick on long texts (decision 0042, bench section 1). Scanning a 4,000-character
 * message costs each pattern about 10 µs, so a pattern runs only when the text holds a word it
 * cannot match without (its gate, looked up among the text's words, which are listed once); and
 * its leading lookbehinds (`(?<!…)`: "not after 'she'", "not after 'don't'") are checked only
 * where the rest of it matched, on the text just before, instead of at every position first.
 */

/** A text with its words (lower case, letters, digits and apostrophes), listed once. */
export interface Doc {
  text: string;
  words: Set<string>;
}

export function docOf(text: string): Doc {
  const words = new Set(text.split(NOT_WORD));
  // "self-harm" is also "self" and "harm"; "can't" stays whole.
  for (const word of words)
    if (word.includes('-')) for (const part of word.split('-')) words.add(part);
  return { text, words };
}

const NOT_WORD = /[^a-z0-9'-]+/;

export interface Pattern {
  /** Where the pattern matches `doc` first (null: nowhere). */
  exec(doc: Doc | string): { index: number } | null;
  test(doc: Doc | string): boolean;
}

/** How far back a leading lookbehind may look (a few words). */
const LOOKBEHIND_REACH = 80;

export const plain = (source: string) => new RegExp(source, 'u');

/** One gate: any of these words (`stem*`: the text holds it anywhere, a cheap over-estimate). */
type Gate = (doc: Doc) => boolean;

function gateOf(spec: string): Gate {
  const exact = new Set<string>();
  const stems: string[] = [];
  for (const word of spec.split(' ').filter(Boolean)) {
    if (word.endsWith('*')) stems.push(word.slice(0, -1));
    else exact.add(word);
  }
  return ({ text, words }) => {
    for (const word of exact) if (words.has(word)) return true;
    for (const stem of stems) if (text.includes(stem)) return true;
    return false;
  };
}

/**
 * `gates`: words the pattern cannot match without, as one space-separated list (any of them) or
 * several lists (one of each); checked only when the text comes with its words (a Doc).
 */
export function pattern(source: string, gates?: string | string[]): Pattern {
  const needs = (gates === undefined ? [] : [gates].flat()).map(gateOf);
  const behind: RegExp[] = [];
  let rest = source;
  while (rest.startsWith('(?<!')) {
    const end = closingParen(rest);
    behind.push(new RegExp(`(?:${rest.slice(4, end)})$`, 'u'));
    rest = rest.slice(end + 1);
  }
  const find = new RegExp(rest, 'gu');
  const exec = (doc: Doc | string) => {
    const text = typeof doc === 'string' ? doc : doc.text;
    if (typeof doc !== 'string') for (const need of needs) if (!need(doc)) return null;
    find.lastIndex = 0;
    for (let m = find.exec(text); m; m = find.exec(text)) {
      const before = text.slice(Math.max(0, m.index - LOOKBEHIND_REACH), m.index);
      if (!behind.some((b) => b.test(before))) return m;
      find.lastIndex = m.index + 1;
    }
    return null;
  };
  return { exec, test: (doc) => exec(doc) !== null };
}

/** The index of the parenthesis closing the group `source` opens (escapes and classes skipped). */
function closingParen(source: string): number {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error(`unbalanced lookbehind in ${source}`);
}
