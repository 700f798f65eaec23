import type { ChatMode } from '../../shared/chat/rules';
import { directnessLabel } from '../../shared/characters/catalog';
import type { ChatMessage } from '../integrations/llm';
import { REPLY_TOKENS } from './model-settings';

export interface PromptCharacter {
  name: string;
  gender: string;
  description: string;
  personality: string;
  directnessLevel: number;
  sexualPreferences: string[];
  roles: string[];
  includeRoles: boolean;
  settings: { emojis: boolean; actionMessages: boolean };
}

export interface PromptProfile {
  name: string;
  gender: string;
  sexualPreferences: string[];
}

export interface PromptMemory {
  content: string;
  /** Pinned memories always go first; the others are chosen by relevance to the moment. */
  pinned: boolean;
}

export interface HistoryMessage {
  sender: 'user' | 'ai';
  content: string;
}

export interface PromptInput {
  character: PromptCharacter;
  profile: PromptProfile | null;
  mode: ChatMode;
  scenario: string | null;
  /** What the character remembers about this user: pinned first, then newest first. */
  memories: PromptMemory[];
  /** Oldest first; the last entry is normally the user's new message. */
  history: HistoryMessage[];
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** Tokens kept free for the reply. */
  replyTokens?: number;
  /**
   * The crisis protocol's instruction for this reply (decision 0042): how to answer a user who
   * may be thinking about suicide or self-harm. It overrides the character's style.
   */
  safetyInstruction?: string | null | undefined;
}

/** The fixed ground rules every prompt starts with. */
export const PREAMBLE = [
  'You are playing a character in Reverie, an interactive fiction app for consenting adults.',
  'Everything here is fiction between consenting adults. Every character, including you and',
  'anyone you mention, is an adult aged 18 or older.',
  'Never write sexual content involving minors, never describe anyone as under 18, and refuse',
  'and redirect any request that does. Stay in character otherwise; do not mention these rules.',
].join(' ');

/** What each directness level means for how the character behaves. */
export const DIRECTNESS_GUIDANCE: Record<number, string> = {
  0: 'Keep everything wholesome and platonic: no flirting, innuendo or sexual content. If the user pushes for it, kindly steer the conversation elsewhere.',
  1: 'Be lightly flirtatious: compliments, playful teasing and warm attention, but no explicit sexual content; fade to black if things heat up.',
  2: 'Balance conversation and romance: flirt and be affectionate, become sensual when the user leads, and keep explicit moments tasteful.',
  3: 'Be openly seductive and sexually forward: take the initiative, and explicit sexual content between adults is welcome when it fits the moment.',
  4: 'Be lust incarnate: intensely passionate and explicit, constantly driving desire and taking the initiative, always within the consent and adults-only rules.',
};

const MODE_STYLE: Record<ChatMode, string> = {
  texting:
    'Style: you are texting on a phone. Write short, casual messages like a real person would, and send several separate texts by putting a blank line between them. No narration.',
  message:
    'Style: you are texting on a phone. Write short, casual messages like a real person would, and send several separate texts by putting a blank line between them. No narration.',
  assistant:
    'Style: be a warm, genuinely helpful companion. Answer questions and help with tasks clearly and accurately, in your own voice and personality.',
  immersive:
    'Style: immersive interactive story. Write vivid narrative paragraphs in the second person ("you"), describing what happens, what you (the character) say and do, and the surroundings. Follow the scenario, react to the user\u2019s action, and end at a moment that invites their next move. Never decide the user\u2019s actions for them.',
};

/** A cheap, provider-independent estimate: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

/**
 * The newest items whose estimated tokens fit `budget`, in their original order (oldest first).
 * Used for history, memories and the transcripts read by the story and summary helpers.
 */
export function newestWithin<T>(items: readonly T[], text: (item: T) => string, budget: number) {
  const kept: T[] = [];
  let used = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    const cost = estimateTokens(text(items[i]!));
    if (used + cost > budget) break;
    used += cost;
    kept.push(items[i]!);
  }
  return kept.reverse();
}

/** Memories take at most this share of the context. */
export const MEMORY_SHARE = 0.25;

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
 * The memories for a prompt: every pinned one first (as given: newest first), then the others
 * most related to `about` (the words they share with it; ties keep the given order, newest
 * first), as many as fit `budget` tokens. Pure.
 */
export function chooseMemories(
  memories: readonly PromptMemory[],
  about: string,
  budget: number,
): PromptMemory[] {
  const topic = topicWords(about);
  const score = (m: PromptMemory) => {
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
  const chosen: PromptMemory[] = [];
  let used = 0;
  for (const m of [...pinned, ...others]) {
    const cost = estimateTokens(m.content);
    if (used + cost > budget) continue; // a smaller one further down may still fit
    used += cost;
    chosen.push(m);
  }
  return chosen;
}

function memorySections(memories: PromptMemory[]): string[] {
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

/**
 * Sent as the last turn when the user asks the character to go on with a reply that stopped
 * short (POST /api/messages/:id/continue); the answer is appended to that reply.
 */
export const CONTINUE_INSTRUCTION =
  '(Continue your last message from exactly where it stopped, in the same voice. Do not repeat any of it and do not comment on continuing.)';

function characterSection(c: PromptCharacter): string {
  const lines = [
    `You are ${c.name} (${c.gender}).`,
    `Description: ${c.description}`,
    `Personality and instructions: ${c.personality}`,
    `Intimacy level: ${directnessLabel(c.directnessLevel)}. ${DIRECTNESS_GUIDANCE[c.directnessLevel] ?? DIRECTNESS_GUIDANCE[2]}`,
  ];
  if (c.sexualPreferences.length > 0) {
    lines.push(`Your interests and preferences: ${c.sexualPreferences.join(', ')}.`);
  }
  if (c.includeRoles && c.roles.length > 0) {
    lines.push(`Your roles: ${c.roles.join(', ')}. Let them shape who you are and how you act.`);
  }
  lines.push(c.settings.emojis ? 'Use emojis where they feel natural.' : 'Do not use emojis.');
  lines.push(
    c.settings.actionMessages
      ? 'Describe your actions in italics (*like this*) on their own line above what you say.'
      : 'Do not describe actions; only write what you say.',
  );
  return lines.join('\n');
}

function profileSection(p: PromptProfile | null): string | null {
  if (!p) return null;
  const prefs = p.sexualPreferences.length
    ? ` Their preferences: ${p.sexualPreferences.join(', ')}.`
    : '';
  return `You are talking with ${p.name} (${p.gender}).${prefs}`;
}

/**
 * Builds the messages for the model: one system message (rules, character, user, style,
 * scenario, memories) and then as much recent history as fits the token budget — the newest
 * messages are kept, the oldest dropped first. Pure: same input, same output.
 */
export function buildChatPrompt(input: PromptInput): ChatMessage[] {
  // The moment the memories are chosen for: the newest message and the one before it.
  const about = input.history
    .slice(-2)
    .map((m) => m.content)
    .join('\n');
  const memories = chooseMemories(
    input.memories,
    about,
    Math.floor(input.contextTokens * MEMORY_SHARE),
  );
  const sections = [
    PREAMBLE,
    characterSection(input.character),
    profileSection(input.profile),
    MODE_STYLE[input.mode],
    input.scenario ? `Scenario (the story so far began like this):\n${input.scenario}` : null,
    ...memorySections(memories),
    // Last, where the model weighs it most: it overrides the style and the intimacy level above.
    input.safetyInstruction ?? null,
  ].filter((s): s is string => Boolean(s));
  const system: ChatMessage = { role: 'system', content: sections.join('\n\n') };

  const budget =
    input.contextTokens - (input.replyTokens ?? REPLY_TOKENS) - estimateTokens(system.content);
  const kept: ChatMessage[] = [];
  let used = 0;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const message = input.history[i]!;
    const cost = estimateTokens(message.content);
    // The newest message is always sent, even when it alone exceeds the budget.
    if (kept.length > 0 && used + cost > budget) break;
    used += cost;
    kept.push({ role: message.sender === 'user' ? 'user' : 'assistant', content: message.content });
  }
  return [system, ...kept.reverse()];
}
