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

export interface HistoryMessage {
  sender: 'user' | 'ai';
  content: string;
}

export interface PromptInput {
  character: PromptCharacter;
  profile: PromptProfile | null;
  mode: ChatMode;
  scenario: string | null;
  /** Summaries of the character's other conversations with this user. */
  memories: string[];
  /** Oldest first; the last entry is normally the user's new message. */
  history: HistoryMessage[];
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** Tokens kept free for the reply. */
  replyTokens?: number;
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

/** Memories of other conversations take at most this share of the context (newest kept). */
export const MEMORY_SHARE = 0.25;

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
  const memories = newestWithin(
    input.memories,
    (m) => m,
    Math.floor(input.contextTokens * MEMORY_SHARE),
  );
  const sections = [
    PREAMBLE,
    characterSection(input.character),
    profileSection(input.profile),
    MODE_STYLE[input.mode],
    input.scenario ? `Scenario (the story so far began like this):\n${input.scenario}` : null,
    memories.length
      ? `What you remember from earlier conversations with this user:\n${memories.map((m) => `- ${m}`).join('\n')}`
      : null,
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
