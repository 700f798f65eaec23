import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../src/server/plugins/errors';
import {
  buildChatPrompt,
  ContextTooSmallError,
  estimateTokens,
  minimumContextTokens,
  voiceExampleOf,
  type HistoryMessage,
  type PromptInput,
} from '../../src/server/prompts/chat.prompt';
import { estimateTextTokens } from '../../src/server/prompts/tokens';

/**
 * Issue 46 parts 1, 3, 4, 6 and Continue: the prompt's parts in order (decision 0052), the
 * reminder before the newest user message, the assistant prefill, the summary's slot, the voice
 * kept from the greeting, and a window too small said in one line.
 */

const base: PromptInput = {
  character: {
    name: 'Selene',
    gender: 'female',
    description: 'A moonlit poet with a sharp wit.',
    personality: 'Playful, literate, quotes poetry.',
    directnessLevel: 2,
    sexualPreferences: [],
    roles: [],
    includeRoles: false,
    settings: { emojis: true, actionMessages: true },
  },
  profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: [] },
  mode: 'texting',
  scenario: null,
  memories: [],
  history: [],
  contextTokens: 8192,
};

const say = (sender: HistoryMessage['sender'], content: string): HistoryMessage => ({
  sender,
  content,
});
const shape = (input: Partial<PromptInput>) =>
  buildChatPrompt({ ...base, ...input }).map((m) =>
    m.role === 'system' ? `system:${m.content.split(/[.:]/)[0]}` : `${m.role}:${m.content}`,
  );

describe('the prompt’s order', () => {
  it('puts the reminder right before the newest user message', () => {
    const history = [say('ai', 'Hey you'), say('user', 'Hi!'), say('ai', 'How was it?')];
    expect(shape({ history: [...history, say('user', 'Long day.')] })).toEqual([
      'system:You are playing a character in Reverie, an interactive fiction app for consenting adults',
      'assistant:Hey you',
      'user:Hi!',
      'assistant:How was it?',
      'system:Reminder',
      'user:Long day.',
    ]);
  });

  it('ends a Continue with the partial reply as an assistant prefill, not a user "continue"', () => {
    const history = [say('user', 'Recite something'), say('ai', 'Shall I compare thee')];
    const messages = buildChatPrompt({ ...base, history });
    expect(messages.slice(1)).toEqual([
      { role: 'system', content: expect.stringMatching(/^Reminder: /) },
      { role: 'user', content: 'Recite something' },
      { role: 'assistant', content: 'Shall I compare thee' },
    ]);
    expect(JSON.stringify(messages)).not.toMatch(/continue/i);
  });

  it('regenerating ends as the first reply did', () => {
    const history = [say('ai', 'Hey you'), say('user', 'Hi!')];
    expect(shape({ history }).slice(-2)).toEqual(['system:Reminder', 'user:Hi!']);
  });

  it('places the earlier summary after the scenario and memories, before the history', () => {
    const messages = buildChatPrompt({
      ...base,
      mode: 'immersive',
      scenario: 'A storm traps you in a lighthouse.',
      memories: [{ content: 'Riley loves jazz.', pinned: false }],
      earlierSummary: 'Riley found a map in the cellar; Selene kept the lantern.',
      safetyInstruction: 'IMPORTANT: care first.',
      history: [say('user', 'I unfold the map.')],
    });
    const system = messages[0]!.content;
    const at = (text: string) => system.indexOf(text);
    expect(at('Scenario (the story so far')).toBeGreaterThan(at('Format:'));
    expect(at('What you remember')).toBeGreaterThan(at('Scenario'));
    expect(at('Earlier in this conversation:\nRiley found a map')).toBeGreaterThan(
      at('What you remember'),
    );
    expect(at('IMPORTANT: care first.')).toBeGreaterThan(at('Earlier in this conversation'));
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(buildChatPrompt({ ...base, history: [say('user', 'Hi')] })[0]!.content).not.toContain(
      'Earlier in this conversation',
    );
  });

  it('keeps the newest message within the window, and the reply’s tokens free', () => {
    const history = Array.from({ length: 300 }, (_, i) =>
      say(i % 2 ? 'ai' : 'user', `Message ${i}: ${'a few words here and there '.repeat(8)}`),
    );
    for (const replyTokens of [300, 800]) {
      const messages = buildChatPrompt({ ...base, history, contextTokens: 4096, replyTokens });
      const used = messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
      expect(used).toBeLessThanOrEqual(4096 - replyTokens);
      expect(used).toBeGreaterThan(4096 - replyTokens - 120);
      expect(messages.at(-1)!.content).toContain('Message 299');
    }
  });
});

describe('the character’s voice', () => {
  const greeting = '*looks up from her notebook* Oh — you again. Sit, the tea is still warm.';
  const long = Array.from({ length: 40 }, (_, i) =>
    say(i % 2 ? 'ai' : 'user', `Line ${i} ${'words to fill the window '.repeat(12)}`),
  );

  it('keeps the greeting as an example once it has left the window', () => {
    const history = [say('ai', greeting), ...long];
    const messages = buildChatPrompt({
      ...base,
      history,
      contextTokens: 2048,
      replyTokens: 300,
      voiceExample: greeting,
    });
    expect(messages.some((m) => m.role === 'assistant' && m.content === greeting)).toBe(false);
    expect(messages[0]!.content).toContain(
      `How Selene writes (an earlier message of theirs; an example of voice and style, not something to repeat):\n${greeting}`,
    );
  });

  it('sends no copy while the greeting is still in the history', () => {
    const messages = buildChatPrompt({
      ...base,
      history: [say('ai', greeting), say('user', 'Thanks!')],
      voiceExample: greeting,
    });
    expect(messages[0]!.content).not.toContain('How Selene writes');
    expect(messages[1]).toEqual({ role: 'assistant', content: greeting });
  });

  it('takes a small share of the window, cut at a sentence', () => {
    const sentence = 'The lighthouse hums at night, and I count the waves for you. ';
    const messages = buildChatPrompt({
      ...base,
      history: [...long, say('user', 'Hi')],
      contextTokens: 4096,
      voiceExample: sentence.repeat(60),
    });
    const voice = messages[0]!.content.split('\n\n').find((s) => s.startsWith('How Selene'))!;
    expect(estimateTextTokens(voice)).toBeLessThanOrEqual(4096 * 0.05);
    expect(voice.endsWith('for you.…')).toBe(true);
  });

  it('is the greeting the conversation opened with, filled with the names', () => {
    const character = { name: 'Selene', greetings: ['Hello {{user}}.', 'Evening, {{user}}!'] };
    const opened = [say('ai', 'Evening, Riley!'), say('user', 'Hi')];
    expect(voiceExampleOf(character, 'Riley', 'texting', opened)).toBe('Evening, Riley!');
    expect(voiceExampleOf(character, 'Riley', 'texting', long)).toBe('Hello Riley.');
    expect(voiceExampleOf(character, null, 'texting', long)).toBe('Hello you.');
    // Story Mode narrates in the third person, and Assistant mode never opened with it.
    expect(voiceExampleOf(character, 'Riley', 'immersive', long)).toBeNull();
    expect(voiceExampleOf(character, 'Riley', 'assistant', long)).toBeNull();
    expect(voiceExampleOf({ name: 'Selene', greetings: [] }, 'Riley', 'texting', long)).toBeNull();
  });
});

describe('a window too small', () => {
  it('is refused in one line the operator can act on, answered 503', () => {
    const build = () =>
      buildChatPrompt({
        ...base,
        history: [say('user', 'Hi')],
        contextTokens: 1024,
        replyTokens: 800,
      });
    expect(build).toThrow(ContextTooSmallError);
    expect(build).toThrow(
      /^LLM_CONTEXT_TOKENS is too small for this character's prompt and a reply: it is 1024, and about \d+ are needed\.$/,
    );
    let error: unknown;
    try {
      build();
    } catch (e) {
      error = e;
    }
    expect(toHttpError(error)).toMatchObject({ statusCode: 503 });
  });

  it('the documented minimum fits the largest English character in every mode at 4k', () => {
    const minimum = minimumContextTokens();
    expect(minimum).toBeGreaterThan(1024);
    expect(minimum).toBeLessThanOrEqual(4096);
    // An ordinary character fits well below it.
    expect(() =>
      buildChatPrompt({ ...base, history: [say('user', 'Hi')], contextTokens: 2048 }),
    ).not.toThrow();
  });
});
