import { describe, expect, it } from 'vitest';
import {
  buildChatPrompt,
  voiceExampleOf,
  type PromptInput,
} from '../../src/server/prompts/chat.prompt';
import { fillGreeting } from '../../src/shared/characters/greetings';

/** Issue 47 part 4: card macros in the character's texts and the scenario, as the model reads them. */

const colours = 'amber,grey,green,violet,blue,black,hazel,silver';
const base: PromptInput = {
  character: {
    name: 'Selene',
    gender: 'female',
    description: 'A poet who lives next door to {{user}}.{{// keep her a neighbour, not a lover}}',
    personality: `{{char}} has {{pick:${colours}}} eyes and a {{pick:${colours}}} scarf.`,
    directnessLevel: 2,
    sexualPreferences: [],
    roles: [],
    includeRoles: false,
    settings: { emojis: true, actionMessages: true },
  },
  profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: [] },
  mode: 'immersive',
  scenario: 'A storm, {{roll:d6}} lanterns lit.{{//draft}}',
  memories: [],
  history: [{ sender: 'user', content: 'Hello?' }],
  contextTokens: 8192,
  macroSeed: '42',
};
const everything = (input: PromptInput) =>
  buildChatPrompt(input)
    .map((m) => m.content)
    .join('\n');
const personalityOf = (input: PromptInput) =>
  /Personality and instructions: (.*)/.exec(everything(input))![1];

describe('macros in the prompt', () => {
  it('keeps a pick the same in every build of the same conversation', () => {
    const first = personalityOf(base);
    expect(first).toMatch(/^Selene has \w+ eyes and a \w+ scarf\.$/);
    for (let i = 0; i < 5; i++) expect(personalityOf(base)).toBe(first);
  });

  it('lets another conversation pick for itself', () => {
    const seen = new Set(
      Array.from({ length: 20 }, (_, i) => personalityOf({ ...base, macroSeed: `c${i}` })),
    );
    expect(seen.size).toBeGreaterThan(1);
  });

  it('never sends a comment, and fills the names and dice', () => {
    const text = everything(base);
    expect(text).not.toContain('{{');
    expect(text).not.toContain('neighbour, not a lover');
    expect(text).not.toContain('draft');
    expect(text).toContain('Description: A poet who lives next door to Riley.\n');
    expect(text).toMatch(/A storm, [1-6] lanterns lit\.\n/);
  });

  it('recognises the greeting the conversation opened with, whatever its macros came out as', () => {
    const character = {
      name: 'Selene',
      greetings: ['{{random:Hi,Hey}}, {{user}}. {{pick:Tea,Wine}}?'],
    };
    const opened = fillGreeting(character.greetings[0]!, { user: 'Riley', char: 'Selene' }, 'c1');
    const history = [
      { sender: 'ai' as const, content: opened },
      { sender: 'user' as const, content: 'Hi' },
    ];
    expect(voiceExampleOf(character, 'Riley', 'texting', history)).toBe(opened);
    const edited = [{ sender: 'ai' as const, content: 'Something else entirely.' }];
    expect(voiceExampleOf(character, 'Riley', 'texting', edited)).toMatch(
      /^(Hi|Hey), Riley\. (Tea|Wine)\?$/,
    );
  });
});
