import type { ChatMessage } from '../../integrations/llm';
import { REPLY_TOKENS } from '../model-settings';
import { estimateTextTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../tokens';
import {
  ContextTooSmallError,
  firstPart,
  lastPart,
  MIN_TURN_TOKENS,
  SUMMARY_SHARE,
  VOICE_SHARE,
} from './budget';
import type { HistoryMessage, PromptInput } from './input';
import { chooseLore, withLore, type UsedLore } from './lore';
import { chooseMemories, memorySections } from './memories';
import { reminderText, withPostHistory } from './reminder';
import {
  characterSection,
  exampleDialogueSection,
  formatSection,
  groundRules,
  namesOf,
  profileSection,
  scenarioSection,
  summarySection,
  voiceSection,
} from './sections';
import { exampleDialogueOf } from './voice';
import { sceneSection } from '../scene.prompt';

/**
 * Builds the messages for the model (decision 0052), in this order:
 *
 * 1. one system message: the ground rules (or a card's system prompt), the character, the user,
 *    the format, the character's voice (its greeting, or a card's example dialogue), the
 *    scenario, the memories, what was said earlier in this conversation, and last the crisis
 *    protocol's instruction when there is one;
 * 2. as much of the history as fits, newest kept, oldest dropped first;
 * 3. a short reminder (system) right before the newest user message (with a card's post-history
 *    instructions);
 * 4. that message, and after it the character's partial message when the reply continues one
 *    (Continue: an assistant prefill, which the model goes on from).
 *
 * The window (contextTokens) holds all of it with the reply's tokens kept free, by an estimate
 * that never counts fewer than real tokenizers (tokens.ts). Shares, in the order they are taken:
 * the system message, the reminder and the reply first (too big: ContextTooSmallError); the
 * newest turn, cut from its start if it alone overflows; memories up to MEMORY_SHARE, of which
 * PINNED_MEMORY_SHARE is the pinned ones' alone (chooseMemories); the lorebook's entries up to
 * LORE_SHARE (chooseLore, placed just before or after the character); the summary up to
 * SUMMARY_SHARE; the voice up to VOICE_SHARE; the history the rest. Pure: same input, same output (but for
 * the `{{random}}` and `{{roll}}` macros of the character's texts, drawn anew on each build).
 */
export function buildChatPrompt(input: PromptInput): ChatMessage[] {
  return buildChatPromptParts(input).messages;
}

/** What buildChatPrompt sent, and what of the history it left out. */
export interface BuiltPrompt {
  messages: ChatMessage[];
  /**
   * How many of the history's oldest messages were left out for want of room (what the
   * conversation's rolling summary is for): the history sent is all of it from this index on.
   */
  dropped: number;
  /** The lorebook entries the prompt carried (for the reply's 'lore' marker; issue 47). */
  lore: UsedLore[];
}

/** buildChatPrompt, also telling how much of the history fell out of the window. */
export function buildChatPromptParts(input: PromptInput): BuiltPrompt {
  const { character, mode, history, contextTokens } = input;
  const names = namesOf(character, input.profile);
  // In the card's own texts `{{char}}` is its nickname (V3); the prompt still calls it by name.
  const card = input.card;
  const macros = {
    ...names,
    char: card?.nickname?.trim() || names.char,
    seed: input.macroSeed ?? 'prompt',
  };
  const characterPart = characterSection(character, mode, macros);
  const head = [
    groundRules(card?.systemPrompt, macros),
    characterPart,
    profileSection(input.profile, character, mode),
    formatSection(character, mode, names),
  ].filter((s): s is string => Boolean(s));
  const scenario = input.scenario ? scenarioSection(input.scenario, macros) : null;
  const scene = input.scene ? sceneSection(names, input.scene, mode === 'immersive') : null;
  // Last of the system message, where the model weighs it most: it overrides the format and
  // the intimacy level above (and the reminder defers to it).
  const safety = input.safetyInstruction || null;
  const reminder: ChatMessage | null = history.length
    ? {
        role: 'system',
        content: withPostHistory(
          reminderText(character, mode, names, Boolean(input.safetyInstruction)),
          card?.postHistoryInstructions,
          macros,
        ),
      }
    : null;

  const reserved = (input.replyTokens ?? REPLY_TOKENS) + MESSAGE_OVERHEAD_TOKENS;
  const fixed = [...head, scenario, scene, safety].filter((s): s is string => Boolean(s));
  let room =
    contextTokens -
    reserved -
    estimateTokens(fixed.join('\n\n')) -
    (reminder ? estimateTokens(reminder.content) : 0);
  if (room < MIN_TURN_TOKENS) {
    throw new ContextTooSmallError(contextTokens - room + MIN_TURN_TOKENS, contextTokens);
  }

  const split = newestTurnStart(history);
  const turn = fitNewestTurn(history.slice(split), room);
  room -= turn.cost;

  // The moment the memories are chosen for: the newest message and the one before it.
  const about = history
    .slice(-2)
    .map((m) => m.content)
    .join('\n');
  const memories = memorySections(chooseMemories(input.memories, about, { contextTokens, room }));
  room -= memories.reduce((sum, s) => sum + sectionCost(s), 0);

  // Its entries' keys are looked for in the newest messages, their room taken as the memories'.
  const lore = chooseLore(input.lore, history, { contextTokens, room }, macros);
  room -= [lore.before, lore.after].reduce((sum, s) => sum + (s ? sectionCost(s) : 0), 0);

  const summaryRoom = Math.min(Math.floor(contextTokens * SUMMARY_SHARE), room);
  const summary = fitSection(input.earlierSummary, summarySection, lastPart, summaryRoom);
  room -= summary ? sectionCost(summary) : 0;

  const voiceRoom = Math.min(Math.floor(contextTokens * VOICE_SHARE), room);
  // A card's example dialogue is the voice in place of the greeting, within the same share.
  const example = card?.exampleDialogue ? exampleDialogueOf(card.exampleDialogue, macros) : null;
  let voice = example
    ? fitSection(example, (v) => exampleDialogueSection(names, v), firstPart, voiceRoom)
    : fitSection(input.voiceExample, (v) => voiceSection(names, v), firstPart, voiceRoom);
  const older = history.slice(0, split);
  let kept = newestWithinRoom(older, room - (voice ? sectionCost(voice) : 0));
  // While the greeting itself is still sent (in the history kept, or the newest turn), it needs
  // no copy, and the history may have the room set aside for it.
  if (voice && !example && sends(history, split - kept.length, input.voiceExample!.trim())) {
    voice = null;
    if (kept.length < older.length) kept = newestWithinRoom(older, room);
  }

  const system = [
    ...withLore(head, characterPart, lore),
    voice,
    scenario,
    scene,
    ...memories,
    summary,
    safety,
  ].filter((s): s is string => Boolean(s));
  const messages: ChatMessage[] = [
    { role: 'system', content: system.join('\n\n') },
    ...kept,
    ...(reminder ? [reminder] : []),
    ...turn.messages,
  ];
  return { messages, dropped: split - kept.length, lore: lore.used };
}

/** Whether a message from `from` on reads `text` (stored messages are trimmed). */
function sends(history: readonly HistoryMessage[], from: number, text: string): boolean {
  for (let i = from; i < history.length; i++) if (history[i]!.content === text) return true;
  return false;
}

/** The newest turn: from the newest user message on (with a Continue, the partial reply after it). */
function newestTurnStart(history: readonly HistoryMessage[]): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.sender === 'user') return i;
  return Math.max(0, history.length - 1);
}

const asChatMessage = (m: HistoryMessage, content = m.content): ChatMessage => ({
  role: m.sender === 'user' ? 'user' : 'assistant',
  content,
});

/** An older part of the newest turn is cut only down to this; below it, it is left out. */
const SMALLEST_PART = 64;

/**
 * The newest turn within `room`: always its last message, cut from its start when it alone
 * overflows (the window holds at least MIN_TURN_TOKENS for it); the user message before a
 * partial reply is kept if it fits, cut, or left out.
 */
function fitNewestTurn(turn: readonly HistoryMessage[], room: number) {
  const messages: ChatMessage[] = [];
  let cost = 0;
  for (let i = turn.length - 1; i >= 0; i--) {
    const message = turn[i]!;
    const left = room - cost;
    const whole = estimateTokens(message.content);
    if (whole <= left) {
      messages.push(asChatMessage(message));
      cost += whole;
      continue;
    }
    if (i < turn.length - 1 && left < SMALLEST_PART) break;
    const part = lastPart(message.content, left - MESSAGE_OVERHEAD_TOKENS);
    messages.push(asChatMessage(message, part));
    cost += estimateTokens(part);
    break;
  }
  return { messages: messages.reverse(), cost };
}

/** The newest messages that fit `room` whole, oldest first (the first that does not fit ends it). */
function newestWithinRoom(messages: readonly HistoryMessage[], room: number): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const cost = estimateTokens(messages[i]!.content);
    if (used + cost > room) break;
    used += cost;
    kept.push(asChatMessage(messages[i]!));
  }
  return kept.reverse();
}

/** What a section adds to the system message: its text and the blank line before it. */
const sectionCost = (section: string) => estimateTextTokens(`\n\n${section}`);

/**
 * An optional section of the system message within `room`: its text cut by `cut` to what is
 * left after its heading, or null when it is empty or too little of it would fit.
 */
function fitSection(
  text: string | null | undefined,
  section: (text: string) => string,
  cut: (text: string, tokens: number) => string,
  room: number,
): string | null {
  const value = text?.trim();
  if (!value) return null;
  const forText = room - sectionCost(section(''));
  if (forText < SMALLEST_PART) return null;
  return section(cut(value, forText));
}
