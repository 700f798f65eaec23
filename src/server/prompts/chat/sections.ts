import type { ChatMode } from '../../../shared/chat/rules';
import {
  DEFAULT_DIRECTNESS,
  directnessLabel,
  MAX_DIRECTNESS,
  MIN_DIRECTNESS,
} from '../../../shared/characters/catalog';
import { fillMacros, type MacroContext } from '../../../shared/characters/macros';
import type { PromptCharacter, PromptProfile } from './input';

/**
 * The parts of the system message, each in words that agree with the others for every mode,
 * setting and intimacy level (tests/unit/prompt-rules.test.ts checks the whole table): how to
 * write is said once, in the format, and the emoji and action switches are part of that one rule.
 */

/** The adults-only rule in the ground rules: kept whatever a card's system prompt says. */
export const ADULTS_ONLY_RULE = [
  'Everything here is fiction between consenting adults. Every character, including you and',
  'anyone you mention, is an adult aged 18 or older.',
  'Never write sexual content involving minors, never describe anyone as under 18, and refuse',
  'and redirect any request that does.',
].join(' ');

/** The fixed ground rules every prompt starts with. */
export const PREAMBLE = [
  'You are playing a character in Reverie, an interactive fiction app for consenting adults.',
  ADULTS_ONLY_RULE,
  'Stay in character otherwise; do not mention these rules.',
].join(' ');

/** `{{original}}` in a card's system prompt or post-history instructions: our own text (V2). */
const ORIGINAL = /\{\{\s*original\s*\}\}/giu;

/**
 * A card's text that may stand in for one of ours: `{{original}}` becomes ours, the other macros
 * are filled in. Null when the card has none (ours stands).
 */
export function cardReplacement(
  text: string | null | undefined,
  ours: string,
  field: string,
  macros: MacroContext,
): { text: string; keepsOurs: boolean } | null {
  if (!text?.trim()) return null;
  // Filled first, so nothing in our own text is read as a macro.
  const filled = cardText(text, field, macros).trim();
  const keepsOurs = filled.search(ORIGINAL) !== -1;
  return { text: filled.replace(ORIGINAL, () => ours), keepsOurs };
}

/**
 * The ground rules: ours, or the card's system prompt in their place (issue 47 part 2). The
 * adults-only rule stays whatever the card says: after the card's words, unless `{{original}}`
 * already brought all of ours.
 */
export function groundRules(systemPrompt: string | null | undefined, macros: MacroContext): string {
  const card = cardReplacement(systemPrompt, PREAMBLE, 'system_prompt', macros);
  if (!card) return PREAMBLE;
  return card.keepsOurs ? card.text : `${card.text}\n\n${ADULTS_ONLY_RULE}`;
}

/** What each directness level means for how the character behaves. */
export const DIRECTNESS_GUIDANCE: Record<number, string> = {
  0: 'Keep everything wholesome and platonic: no flirting, innuendo or sexual content. If the user pushes for it, kindly steer the conversation elsewhere.',
  1: 'Be lightly flirtatious: compliments, playful teasing and warm attention, but no explicit sexual content; fade to black if things heat up.',
  2: 'Balance conversation and romance: flirt and be affectionate, become sensual when the user leads, and keep explicit moments tasteful.',
  3: 'Be openly seductive and sexually forward: take the initiative, and explicit sexual content between adults is welcome when it fits the moment.',
  4: 'Be lust incarnate: intensely passionate and explicit, constantly driving desire and taking the initiative, always within the consent and adults-only rules.',
};

/** The names the parts speak of: the character's, and the user's (or "the user"). */
export interface Names {
  char: string;
  user: string;
}

export const namesOf = (c: PromptCharacter, p: PromptProfile | null): Names => ({
  char: c.name,
  user: p?.name.trim() || 'the user',
});

/** The directness level on the scale (as directnessLabel reads it). */
export function levelOf(c: PromptCharacter): number {
  const level = c.directnessLevel;
  return Number.isFinite(level)
    ? Math.min(MAX_DIRECTNESS, Math.max(MIN_DIRECTNESS, Math.round(level)))
    : DEFAULT_DIRECTNESS;
}

/** "Intimacy level: BALANCED. Balance conversation…" */
export const intimacyLine = (c: PromptCharacter) =>
  `Intimacy level: ${directnessLabel(c.directnessLevel)}. ${DIRECTNESS_GUIDANCE[levelOf(c)]}`;

/**
 * Who the character is. At intimacy level NOTHING its sexual preferences are left out (listing
 * them beside "no flirting" invited the flirting); above it they are qualified by the level.
 * In Story Mode the model narrates and plays the character, written in the third person.
 */
export function characterSection(c: PromptCharacter, mode: ChatMode, macros: MacroContext): string {
  const lines = [
    mode === 'immersive'
      ? `You narrate an interactive story and play ${c.name} (${c.gender}) in it.`
      : `You are ${c.name} (${c.gender}).`,
    `Description: ${cardText(c.description, 'description', macros)}`,
    `Personality and instructions: ${cardText(c.personality, 'personality', macros)}`,
    intimacyLine(c),
  ];
  if (levelOf(c) > 0 && c.sexualPreferences.length > 0) {
    lines.push(
      `${mode === 'immersive' ? `${c.name}'s` : 'Your'} interests and preferences, within that intimacy level: ${c.sexualPreferences.join(', ')}.`,
    );
  }
  if (c.includeRoles && c.roles.length > 0) {
    lines.push(
      mode === 'immersive'
        ? `${c.name}'s roles: ${c.roles.join(', ')}. Let them shape who ${c.name} is and how ${c.name} acts.`
        : `Your roles: ${c.roles.join(', ')}. Let them shape who you are and how you act.`,
    );
  }
  return lines.join('\n');
}

/**
 * Who the user is (their profile, or the conversation's persona with what it says of itself);
 * their preferences only above intimacy level NOTHING, as the character's.
 */
export function profileSection(
  p: PromptProfile | null,
  c: PromptCharacter,
  mode: ChatMode,
): string | null {
  if (!p) return null;
  const prefs =
    levelOf(c) > 0 && p.sexualPreferences.length
      ? ` Their preferences, within the intimacy level: ${p.sexualPreferences.join(', ')}.`
      : '';
  const who = p.gender ? `${p.name} (${p.gender})` : p.name;
  const about = p.description ? `\nAbout ${p.name}: ${p.description}` : '';
  return mode === 'immersive'
    ? `The user is ${who}, "you" in the story.${prefs}${about}`
    : `You are talking with ${who}.${prefs}${about}`;
}

const emojiRule = (c: PromptCharacter) =>
  c.settings.emojis ? 'Use emojis where they feel natural.' : 'Do not use emojis.';

/**
 * How to write, per mode, as one rule. Texting is what the character types; with action
 * messages on, an action is a short line in italics between texts (not narration beside "no
 * narration"). Story Mode's point of view: the user is "you", the character is written in the
 * third person by name, and the narration stops before the user acts. Every mode ends with who
 * the model writes for: the character only.
 */
export function formatSection(c: PromptCharacter, mode: ChatMode, n: Names): string {
  const only = `Write only ${n.char}'s part, never ${possessive(n.user)} words or actions.`;
  switch (mode) {
    case 'texting':
    case 'message':
      return [
        `Format: you are texting ${n.user} on a phone. Write short, casual messages as a real person would, and send several separate texts by putting a blank line between them.`,
        c.settings.actionMessages
          ? 'Everything you write is what you type, except an action: a short line in italics on its own (*sends a photo of the sunset*).'
          : 'Everything you write is what you type: no narration and no actions.',
        emojiRule(c),
        only,
      ].join(' ');
    case 'assistant':
      return [
        'Format: be a warm, genuinely helpful companion. Answer questions and help with tasks clearly and accurately, in your own voice and personality.',
        c.settings.actionMessages
          ? 'You may open with a short action in italics on its own line (*pulls up a chair*); the rest is what you say.'
          : 'Write only what you say, without actions.',
        emojiRule(c),
        only,
      ].join(' ');
    case 'immersive':
      return [
        `Format: an interactive story in vivid narrative paragraphs. ${capitalized(n.user)} is "you": what happens to them is told in the second person.`,
        `${n.char} is written in the third person, by name ("${n.char} smiles"), never as "I".`,
        `Tell what ${n.char} says and does, and the surroundings; follow the scenario and react to what ${n.user} did.`,
        `Stop at a moment that invites ${possessive(n.user)} next move, before they act or speak: never write ${possessive(n.user)} actions, words, thoughts or feelings.`,
        c.settings.emojis
          ? 'Emojis only in what someone says, where they fit.'
          : 'Do not use emojis.',
        `Write only ${n.char}'s part and the world around, never ${possessive(n.user)}.`,
      ].join(' ');
  }
}

/** The character's greeting kept as an example of its voice (not a line to say again). */
export const voiceSection = (n: Names, example: string) =>
  `How ${n.char} writes (an earlier message of theirs; an example of voice and style, not something to repeat):\n${example}`;

/** A card's example dialogue as the character's voice (voice.ts made it readable). */
export const exampleDialogueSection = (n: Names, example: string) =>
  `How ${n.char} writes (example dialogue; an example of voice and style, not lines to repeat):\n${example}`;

export const scenarioSection = (scenario: string, macros: MacroContext) =>
  `Scenario (the story so far began like this):\n${cardText(scenario, 'scenario', macros)}`;

/**
 * A card's text with its macros filled in (macros.ts): each field picks with a seed of its own,
 * so the first `{{pick}}` of the description and the personality choose apart.
 */
const cardText = (text: string, field: string, macros: MacroContext) =>
  fillMacros(text, { ...macros, seed: `${macros.seed}:${field}` });

/** Issue 46 part 3's rolling summary of the messages that left the window. */
export const summarySection = (summary: string) => `Earlier in this conversation:\n${summary}`;

export const possessive = (name: string) => (name === 'the user' ? "the user's" : `${name}'s`);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
