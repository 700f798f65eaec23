import { createContext, Script, type Context } from 'node:vm';

/**
 * How a lorebook entry's key is looked for in the recent messages (issue 47 part 3). A plain key
 * is a word or phrase: case-insensitive unless the entry says otherwise, and whole words where the
 * script separates words with spaces ("cat" is not found in "concatenate"; in Japanese or Chinese
 * it is found anywhere). With `use_regex`, a key written `/pattern/flags` is a regular expression
 * (other keys stay plain: SillyTavern sets use_regex on every entry it exports).
 *
 * A user's regular expression runs on the server for every reply, so it is held to a budget: a
 * pattern too long, with backreferences, or with a repeated group that repeats inside (the shapes
 * that backtrack exponentially) is skipped; the others run together under a time limit (node:vm's
 * timeout interrupts a regular expression), and one that overruns it alone, twice, is skipped from
 * then on.
 */

export const MAX_REGEX_LENGTH = 200;
/** All of a prompt's regular expression keys together. */
const BATCH_MS = 50;
/** One key, when the batch overran: the one that did is found and remembered. */
const SINGLE_MS = 10;
/**
 * One key that overran SINGLE_MS gets a second, longer try before it is skipped from then on:
 * the time limit is the wall clock's, and on a loaded machine a quick key can lose its turn on the
 * processor midway (a plain `/lamp/` overran 10 ms once in CI with six processes on 2 cores).
 */
const SECOND_TRY_MS = 50;
/** What finding the slow ones may cost one prompt; the rest wait for the next. */
const SEARCH_MS = 200;

/** A key as matched: a regular expression, or null when it cannot be used. */
export interface KeyPattern {
  regex: RegExp;
  /** A user's expression (run under the time limit), not one made here from a plain key. */
  user: boolean;
}

const SLASHED = /^\/(.+)\/([a-z]*)$/s;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** Scripts written without spaces between words (and Korean, whose particles join the noun). */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const patterns = new Map<string, KeyPattern | null>();
const MAX_REMEMBERED = 5_000;

/** The key's pattern (remembered: a book's keys are the same from reply to reply). */
export function keyPattern(key: string, caseSensitive: boolean, useRegex: boolean) {
  const id = `${caseSensitive ? 'c' : 'i'}${useRegex ? 'r' : 'p'}\u0000${key}`;
  let pattern = patterns.get(id);
  if (pattern === undefined) {
    pattern = compile(key, caseSensitive, useRegex);
    if (patterns.size >= MAX_REMEMBERED) patterns.clear();
    patterns.set(id, pattern);
  }
  return pattern;
}

function compile(key: string, caseSensitive: boolean, useRegex: boolean): KeyPattern | null {
  const slashed = useRegex ? SLASHED.exec(key) : null;
  if (slashed) {
    const source = slashed[1]!;
    if (source.length > MAX_REGEX_LENGTH || !looksSafe(source)) return null;
    // No g or y: they make test() remember where it stopped.
    const flags = [...new Set(slashed[2]!)].filter((f) => 'imsu'.includes(f)).join('');
    try {
      return { regex: new RegExp(source, flags), user: true };
    } catch {
      return null;
    }
  }
  const text = key.trim();
  if (!text) return null;
  const escaped = text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const spaced = (char: string) => WORD_CHAR.test(char) && !UNSPACED.test(char);
  const before = spaced(text[0]!) ? '(?<![\\p{L}\\p{N}_])' : '';
  const after = spaced(text.at(-1)!) ? '(?![\\p{L}\\p{N}_])' : '';
  return { regex: new RegExp(before + escaped + after, caseSensitive ? 'u' : 'iu'), user: false };
}

/**
 * No backreferences, and no repeated group with a quantifier or an alternation inside ("(a+)+",
 * "(a|a)*"): the classic exponential shapes. What is left is bounded by the time limit.
 */
export function looksSafe(source: string): boolean {
  if (/\\[1-9]|\\k</.test(source)) return false;
  const groups = [{ repeats: false, alternates: false }];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (char === '(') groups.push({ repeats: false, alternates: false });
    else if (char === '|') groups.at(-1)!.alternates = true;
    else if (char === '*' || char === '+' || char === '{') groups.at(-1)!.repeats = true;
    else if (char === ')') {
      const group = groups.pop()!;
      if (groups.length === 0) return false;
      const next = source[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (repeated && (group.repeats || group.alternates)) return false;
      if (group.repeats) groups.at(-1)!.repeats = true;
    }
  }
  return true;
}

/**
 * Whether a key is in `text`: the users' expressions among `patterns` (all that will be asked
 * about) run together once under the time limit, the others when first asked; each remembered.
 */
export function keyFinder(
  text: string,
  patterns: Iterable<KeyPattern>,
): (pattern: KeyPattern) => boolean {
  if (!text) return () => false;
  const users = new Set<RegExp>();
  for (const pattern of patterns) if (pattern.user) users.add(pattern.regex);
  const userFound = users.size ? testUserPatterns([...users], text) : new Map<RegExp, boolean>();
  const plainFound = new Map<RegExp, boolean>();
  return (pattern) => {
    if (pattern.user) return userFound.get(pattern.regex) === true;
    let found = plainFound.get(pattern.regex);
    if (found === undefined) {
      found = pattern.regex.test(text);
      plainFound.set(pattern.regex, found);
    }
    return found;
  };
}

let sandbox: Context | undefined;
const testAll = new Script('patterns.map((p) => p.test(text))');
/** Expressions that overran the time limit alone: skipped from then on. */
const slow = new Set<string>();

/** Each user expression tested on `text` within its time limit (skipped ones: false). */
export function testUserPatterns(regexes: readonly RegExp[], text: string): Map<RegExp, boolean> {
  const found = new Map<RegExp, boolean>();
  const runnable = regexes.filter((r) => !slow.has(String(r)));
  if (runnable.length === 0) return found;
  const batch = run(runnable, text, BATCH_MS);
  if (batch) {
    runnable.forEach((r, i) => found.set(r, batch[i] === true));
    return found;
  }
  const start = performance.now();
  for (const regex of runnable) {
    if (performance.now() - start > SEARCH_MS) break;
    const one = run([regex], text, SINGLE_MS) ?? run([regex], text, SECOND_TRY_MS);
    if (one) found.set(regex, one[0] === true);
    else {
      if (slow.size >= MAX_REMEMBERED) slow.clear();
      slow.add(String(regex));
    }
  }
  return found;
}

function run(regexes: readonly RegExp[], text: string, ms: number): unknown[] | null {
  sandbox ??= createContext(Object.create(null) as object);
  sandbox.patterns = regexes;
  sandbox.text = text;
  try {
    return testAll.runInContext(sandbox, { timeout: ms }) as unknown[];
  } catch {
    return null;
  } finally {
    sandbox.patterns = undefined;
    sandbox.text = undefined;
  }
}
