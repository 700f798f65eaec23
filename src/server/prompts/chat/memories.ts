import { estimateTokens } from '../tokens';
import type { PromptMemory } from './input';

/**
 * What the character remembers about the user in a prompt: the pinned memories within a share of
 * the context that is theirs alone, then the ones most related to the moment in what is left of
 * the memories' share (decision 0052).
 */

/** All memories together take at most this share of the context. */
export const MEMORY_SHARE = 0.25;
/**
 * The pinned memories' own part of MEMORY_SHARE: the others never take it, so a window too short
 * for both loses the unpinned ones first. Pinned ones past it take what the others leave.
 */
export const PINNED_MEMORY_SHARE = 0.15;

/**
 * What the memories' two headings cost, beside the memories themselves (each counted as a
 * message of its own, more than its line in the list costs).
 */
export const MEMORY_HEADINGS = 40;

/** Where the memories' room comes from. */
export interface MemoryWindow {
  /** The model's window (LLM_CONTEXT_TOKENS): the shares are parts of it. */
  contextTokens: number;
  /** What is left of the window when the memories are chosen; the shares alone when absent. */
  room?: number;
}

/** Short words that say nothing about what a message is about. */
const STOPWORDS = new Set(
  (
    'the and for are but not you your yours with this that have has had was were will would ' +
    'can could should what when where which who whom why how all any our out about into from ' +
    'they them their there then than its it’s just also very really like been being some ' +
    'more most such only own same too here his her hers him she he we us me my mine i’m ' +
    'do does did doing done is am be to of in on at by as or if so no yes ok'
  ).split(' '),
);

/** The words of a text that can say what it is about (lower case, plural 's' dropped). */
function topicWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}’']+/gu) ?? []) {
    const word = withoutPluralS(raw);
    if (word.length >= 3 && !STOPWORDS.has(word)) words.add(word);
  }
  return words;
}

const S = 115;
const isApostrophe = (code: number) => code === 39 || code === 0x2019;
/** A character of the regular expression class \w (ASCII letters, digits, underscore). */
const isAsciiWordChar = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 95;

/**
 * A word without a possessive 's, then without a plural s after at least three \w characters
 * (`.replace(/['’]s$/, '').replace(/(?<=\w{3})s$/, '')`, without two regular expressions per
 * word: this runs for every word of the newest messages on every reply).
 */
function withoutPluralS(raw: string): string {
  let end = raw.length;
  if (end >= 2 && raw.charCodeAt(end - 1) === S && isApostrophe(raw.charCodeAt(end - 2))) end -= 2;
  if (
    end >= 4 &&
    raw.charCodeAt(end - 1) === S &&
    isAsciiWordChar(raw.charCodeAt(end - 2)) &&
    isAsciiWordChar(raw.charCodeAt(end - 3)) &&
    isAsciiWordChar(raw.charCodeAt(end - 4))
  )
    end -= 1;
  return end === raw.length ? raw : raw.slice(0, end);
}

/**
 * topicWords of memories seen lately. A character's memories change seldom and every reply ranks
 * all of them (up to 200), so their words were found again on every reply; a lookup costs a hash
 * of the text instead. Forgotten all together past MAX_REMEMBERED_TOPICS texts.
 */
const memoryTopics = new Map<string, readonly string[]>();
const MAX_REMEMBERED_TOPICS = 2_000;

function memoryTopicWords(content: string): readonly string[] {
  let words = memoryTopics.get(content);
  if (!words) {
    words = [...topicWords(content)];
    if (memoryTopics.size >= MAX_REMEMBERED_TOPICS) memoryTopics.clear();
    memoryTopics.set(content, words);
  }
  return words;
}

/**
 * The memories for a prompt, in three passes over one budget: the pinned ones (as given: newest
 * first) within PINNED_MEMORY_SHARE; then the others most related to `about` (the words they share
 * with it; ties keep the given order, newest first) within what is left of MEMORY_SHARE; then the
 * pinned ones that did not fit their share, within what the others left. Both shares are cut to
 * `room`, the memories' first, so a short window drops unpinned memories before pinned ones.
 * Answers the pinned ones chosen, then the others, as the same objects. Pure.
 */
export function chooseMemories<M extends PromptMemory>(
  memories: readonly M[],
  about: string,
  window: MemoryWindow,
): M[] {
  const { contextTokens, room = Infinity } = window;
  const all = Math.min(Math.floor(contextTokens * MEMORY_SHARE), room) - MEMORY_HEADINGS;
  const pinnedOnly = Math.min(Math.floor(contextTokens * PINNED_MEMORY_SHARE), all);
  const topic = topicWords(about);
  const score = (m: M) => {
    let shared = 0;
    for (const word of memoryTopicWords(m.content)) if (topic.has(word)) shared++;
    return shared;
  };
  const pinned = memories.filter((m) => m.pinned);
  const others = memories
    .filter((m) => !m.pinned)
    .map((m, order) => ({ m, order, score: score(m) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ m }) => m);
  const chosen = new Set<M>();
  let used = 0;
  const take = (candidates: readonly M[], budget: number) => {
    for (const m of candidates) {
      if (chosen.has(m)) continue;
      const cost = estimateTokens(m.content);
      if (used + cost > budget) continue; // a smaller one further down may still fit
      used += cost;
      chosen.add(m);
    }
  };
  take(pinned, pinnedOnly);
  take(others, all);
  take(pinned, all);
  return [...pinned.filter((m) => chosen.has(m)), ...others.filter((m) => chosen.has(m))];
}

/** The memories as the system prompt lists them: the pinned ones, then the others. */
export function memorySections(memories: readonly PromptMemory[]): string[] {
  const list = (items: PromptMemory[]) => items.map((m) => `- ${m.content}`).join('\n');
  const pinned = memories.filter((m) => m.pinned);
  const others = memories.filter((m) => !m.pinned);
  return [
    pinned.length ? `What this user asked you to remember:\n${list(pinned)}` : '',
    others.length
      ? `What you remember from earlier conversations with this user:\n${list(others)}`
      : '',
  ].filter(Boolean);
}
