import { describe, expect, it } from 'vitest';
import { CHAT_MODES, type ChatMode } from '../../src/shared/chat/rules';
import { DIRECTNESS_LEVELS } from '../../src/shared/characters/catalog';
import { buildChatPrompt, type PromptInput } from '../../src/server/prompts/chat.prompt';

/**
 * Issue 46 part 2: the instructions never contradict each other. Every mode × emoji switch ×
 * action-message switch × directness level is built, and the pairs that once sat side by side
 * ("No narration." beside "Describe your actions in italics"; Story Mode's "second person"
 * describing the character; preferences listed beside "no flirting") are refused.
 */

const CHARACTER_PREFS = ['Bondage', 'Power dynamics'];
const USER_PREFS = ['Rough play'];

function input(
  mode: ChatMode,
  emojis: boolean,
  actionMessages: boolean,
  directnessLevel: number,
): PromptInput {
  return {
    character: {
      name: 'Selene',
      gender: 'female',
      description: 'A moonlit poet with a sharp wit.',
      personality: 'Playful, literate, quotes poetry.',
      directnessLevel,
      sexualPreferences: CHARACTER_PREFS,
      roles: [],
      includeRoles: false,
      settings: { emojis, actionMessages },
    },
    profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: USER_PREFS },
    mode,
    scenario: mode === 'immersive' ? 'A storm traps you both in a lighthouse.' : null,
    memories: [],
    history: [
      { sender: 'user', content: 'Hello' },
      { sender: 'ai', content: 'Hi there' },
      { sender: 'user', content: 'What now?' },
    ],
    contextTokens: 8192,
  };
}

const table = CHAT_MODES.flatMap((mode) =>
  [true, false].flatMap((emojis) =>
    [true, false].flatMap((actions) =>
      DIRECTNESS_LEVELS.map(({ level }) => ({ mode, emojis, actions, level })),
    ),
  ),
);

/** The system message's and the reminder's sentences (what the model is told). */
function told(mode: ChatMode, emojis: boolean, actions: boolean, level: number) {
  const messages = buildChatPrompt(input(mode, emojis, actions, level));
  const system = messages[0]!.content;
  const reminder = messages.at(-2)!;
  expect(reminder.role).toBe('system');
  const all = `${system}\n${reminder.content}`;
  const sentences = all.split(/(?<=[.!?:])\s+|\n/).filter(Boolean);
  return { system, reminder: reminder.content, all, sentences };
}

describe('the prompt’s rules, over every mode and setting (table test)', () => {
  it(`has ${table.length} combinations`, () => {
    expect(table).toHaveLength(4 * 2 * 2 * 5);
  });

  it.each(table)('$mode, emojis $emojis, actions $actions, directness $level', (row) => {
    const { mode, emojis, actions, level } = row;
    const { system, reminder, all, sentences } = told(mode, emojis, actions, level);
    const story = mode === 'immersive';

    // One rule for actions: never "no narration" or "no actions" beside an action in italics.
    const forbidsActions = /no narration|no actions|without actions/i.test(all);
    const allowsActions = /italics/i.test(all);
    expect(forbidsActions && allowsActions).toBe(false);
    if (!story) expect(allowsActions).toBe(actions);

    // One rule for emojis.
    expect(/Use emojis|Emojis only/.test(all) && /Do not use emojis|No emojis/.test(all)).toBe(
      false,
    );
    expect(/Do not use emojis/.test(system)).toBe(!emojis);

    // Every mode says the model writes only the character's part, in both places.
    expect(system).toContain("Write only Selene's part");
    expect(reminder).toContain("Write only Selene's part, never Riley's.");

    // Story Mode's point of view: the user is "you", the character the third person by name.
    const secondPerson = sentences.filter((s) => /second person/i.test(s));
    for (const s of secondPerson) {
      expect(s).not.toMatch(/Selene|the character/);
      expect(story).toBe(true);
    }
    if (story) {
      expect(system).toContain('Selene is written in the third person, by name');
      expect(system).toMatch(/Riley is "you"/);
      expect(system).toMatch(/never write Riley's actions, words, thoughts or feelings/);
      expect(system).not.toMatch(/You are Selene/);
      expect(reminder).toMatch(/stop before Riley acts/);
    } else {
      expect(all).not.toMatch(/third person/);
    }

    // Directness 0 leaves every sexual preference out; above it they are qualified by the level.
    const prefs = [...CHARACTER_PREFS, ...USER_PREFS];
    if (level === 0) {
      for (const p of prefs) expect(all).not.toContain(p);
      expect(all).not.toMatch(/preferences/i);
    } else {
      for (const p of prefs) expect(system).toContain(p);
      for (const s of sentences.filter((x) => /preferences/.test(x))) {
        expect(s).toMatch(/within (that|the) intimacy level/);
      }
    }

    // The reminder names the same intimacy level as the system message.
    const label = DIRECTNESS_LEVELS[level]!.label;
    expect(system).toContain(`Intimacy level: ${label}.`);
    expect(reminder).toContain(`Intimacy level: ${label}.`);
  });

  it('under the crisis protocol the reminder defers to the care instruction', () => {
    const messages = buildChatPrompt({
      ...input('texting', true, true, 4),
      safetyInstruction: 'IMPORTANT, above everything else in these instructions: be careful.',
    });
    const reminder = messages.at(-2)!.content;
    expect(reminder).not.toMatch(/Intimacy level/);
    expect(reminder).toContain('Follow the IMPORTANT instruction above first.');
    expect(messages[0]!.content.endsWith('be careful.')).toBe(true);
  });

  it('without a profile, speaks of "the user"', () => {
    const messages = buildChatPrompt({ ...input('immersive', false, true, 2), profile: null });
    expect(messages[0]!.content).toContain('The user is "you"');
    expect(messages.at(-2)!.content).toContain("never the user's.");
  });
});

describe('each mode’s wording (snapshots)', () => {
  const parts = (mode: ChatMode) => {
    const messages = buildChatPrompt(input(mode, false, true, 1));
    const format = messages[0]!.content.split('\n\n').find((s) => s.startsWith('Format:'));
    return { format, reminder: messages.at(-2)!.content };
  };

  it('texting', () => {
    expect(parts('texting')).toEqual({
      format:
        "Format: you are texting Riley on a phone. Write short, casual messages as a real person would, and send several separate texts by putting a blank line between them. Everything you write is what you type, except an action: a short line in italics on its own (*sends a photo of the sunset*). Do not use emojis. Write only Selene's part, never Riley's words or actions.",
      reminder:
        "Reminder: Selene texts Riley back: short texts, a blank line between them; an action only as a short line in italics. No emojis. Intimacy level: FLIRTACIOUS. Write only Selene's part, never Riley's.",
    });
    expect(parts('message')).toEqual(parts('texting'));
  });

  it('assistant', () => {
    expect(parts('assistant')).toEqual({
      format:
        "Format: be a warm, genuinely helpful companion. Answer questions and help with tasks clearly and accurately, in your own voice and personality. You may open with a short action in italics on its own line (*pulls up a chair*); the rest is what you say. Do not use emojis. Write only Selene's part, never Riley's words or actions.",
      reminder:
        "Reminder: Selene answers Riley, helpful and clear, in Selene's own voice. No emojis. Intimacy level: FLIRTACIOUS. Write only Selene's part, never Riley's.",
    });
  });

  it('immersive (Story Mode)', () => {
    expect(parts('immersive')).toEqual({
      format:
        'Format: an interactive story in vivid narrative paragraphs. Riley is "you": what happens to them is told in the second person. Selene is written in the third person, by name ("Selene smiles"), never as "I". Tell what Selene says and does, and the surroundings; follow the scenario and react to what Riley did. Stop at a moment that invites Riley\'s next move, before they act or speak: never write Riley\'s actions, words, thoughts or feelings. Do not use emojis. Write only Selene\'s part and the world around, never Riley\'s.',
      reminder:
        'Reminder: narrate what happens next: Riley is "you", Selene is written in the third person; stop before Riley acts. No emojis. Intimacy level: FLIRTACIOUS. Write only Selene\'s part, never Riley\'s.',
    });
  });
});
