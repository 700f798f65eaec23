import { describe, expect, it } from 'vitest';
import {
  buildChatPrompt,
  chooseMemories,
  DIRECTNESS_GUIDANCE,
  estimateTokens,
  PREAMBLE,
  type PromptInput,
} from '../../src/server/prompts/chat.prompt';
import { MEMORY_HEADINGS } from '../../src/server/prompts/chat/memories';

const base: PromptInput = {
  character: {
    name: 'Selene',
    gender: 'female',
    description: 'A moonlit poet with a sharp wit.',
    personality: 'Playful, literate, quotes poetry.',
    directnessLevel: 2,
    sexualPreferences: [],
    roles: ['Detective'],
    includeRoles: false,
    settings: { emojis: true, actionMessages: true },
  },
  profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: ['Romance'] },
  mode: 'assistant',
  scenario: null,
  memories: [],
  history: [{ sender: 'user', content: 'Hello there' }],
  contextTokens: 8192,
};
const system = (input: Partial<PromptInput> = {}) =>
  buildChatPrompt({ ...base, ...input })[0]!.content;

describe('buildChatPrompt', () => {
  it('starts with the adults-only preamble and the character', () => {
    const text = system();
    expect(text.startsWith(PREAMBLE)).toBe(true);
    expect(PREAMBLE).toMatch(/18 or older/);
    expect(PREAMBLE).toMatch(/minors/);
    expect(text).toContain('You are Selene (female).');
    expect(text).toContain('A moonlit poet with a sharp wit.');
    expect(text).toContain('Playful, literate, quotes poetry.');
  });

  it.each([
    [0, 'NOTHING', /wholesome/],
    [1, 'FLIRTACIOUS', /lightly flirtatious/],
    [2, 'BALANCED', /Balance conversation and romance/],
    [3, 'HYPERSEXUAL', /openly seductive/],
    [4, 'LUST INCARNATE', /lust incarnate/i],
  ])('turns directness %i into %s guidance', (level, label, guidance) => {
    const text = system({ character: { ...base.character, directnessLevel: level } });
    expect(text).toContain(`Intimacy level: ${label}.`);
    expect(text).toMatch(guidance);
    expect(DIRECTNESS_GUIDANCE[level]).toMatch(guidance);
  });

  it('follows the emoji and action-message switches', () => {
    expect(system()).toContain('Use emojis where they feel natural.');
    expect(system()).toMatch(/short action in italics on its own line/);
    const off = system({
      character: { ...base.character, settings: { emojis: false, actionMessages: false } },
    });
    expect(off).toContain('Do not use emojis.');
    expect(off).toContain('Write only what you say, without actions.');
  });

  it('mentions roles only when includeRoles is on', () => {
    expect(system()).not.toContain('Detective');
    expect(system({ character: { ...base.character, includeRoles: true } })).toContain(
      'Your roles: Detective.',
    );
  });

  it('includes preferences and the user profile', () => {
    const text = system({ character: { ...base.character, sexualPreferences: ['Teasing'] } });
    expect(text).toContain('Your interests and preferences, within that intimacy level: Teasing.');
    expect(text).toContain(
      'You are talking with Riley (Non-binary). Their preferences, within the intimacy level: Romance.',
    );
    expect(system({ profile: null })).not.toContain('You are talking with');
  });

  it('describes each mode’s style and includes the scenario', () => {
    expect(system({ mode: 'texting' })).toMatch(/blank line between them/);
    expect(system({ mode: 'assistant' })).toMatch(/helpful companion/);
    const story = system({ mode: 'immersive', scenario: 'A storm traps you in a lighthouse.' });
    expect(story).toMatch(/second person/);
    expect(story).toContain('A storm traps you in a lighthouse.');
  });

  const remembered = (content: string, pinned = false) => ({ content, pinned });

  it('adds memories from other conversations', () => {
    const text = system({
      memories: [remembered('Riley loves jazz.'), remembered('They met in Paris.')],
    });
    expect(text).toContain('- Riley loves jazz.\n- They met in Paris.');
    expect(system()).not.toContain('What you remember');
  });

  it('keeps memories to a quarter of the context, newest first when none is more related', () => {
    // Given newest first, as the database reads them.
    const memories = Array.from({ length: 40 }, (_, i) =>
      remembered(`memory ${39 - i} ${'m'.repeat(396)}`),
    );
    const text = system({ memories, contextTokens: 4096 });
    expect(text).toContain('memory 39');
    expect(text).not.toContain('memory 0 ');
    const kept = memories.filter((m) => text.includes(m.content));
    expect(kept.reduce((sum, m) => sum + estimateTokens(m.content), 0)).toBeLessThanOrEqual(1024);
    expect(kept.length).toBeGreaterThan(5);
  });

  it('puts pinned memories first, in their own list, even when they say nothing of the moment', () => {
    const text = system({
      memories: [remembered('They met in Paris.'), remembered('Call them Ri, never Riley.', true)],
      history: [{ sender: 'user', content: 'Tell me about Paris again' }],
    });
    const pinned = text.indexOf(
      'What this user asked you to remember:\n- Call them Ri, never Riley.',
    );
    const others = text.indexOf('earlier conversations with this user:\n- They met in Paris.');
    expect(pinned).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(pinned);
  });

  it('chooses the summaries most related to the new message when not all fit', () => {
    const filler = (topic: string) => `${topic} ${'z'.repeat(380)}`;
    const memories = [
      remembered(filler('Newest: they talked about the weather and the garden.')),
      remembered(filler('Newer: a long talk about football results.')),
      remembered(filler('Oldest: their sister Maya got married in Lisbon last spring.')),
    ];
    // Room for two of the three (and the headings), in a large window.
    const room =
      estimateTokens(memories[0]!.content) + estimateTokens(memories[2]!.content) + MEMORY_HEADINGS;
    const window = { contextTokens: 100_000, room };
    const chosen = chooseMemories(memories, 'How was the wedding of my sister in Lisbon?', window);
    expect(chosen.map((m) => m.content.slice(0, 6))).toEqual(['Oldest', 'Newest']);
    // A pinned one still comes first, however unrelated.
    const withPin = chooseMemories(
      [...memories, remembered('Allergic to cats.', true)],
      'How was the wedding in Lisbon?',
      window,
    );
    expect(withPin[0]!.content).toBe('Allergic to cats.');
    expect(withPin[1]!.content.startsWith('Oldest')).toBe(true);
  });

  it('keeps the newest history that fits the token budget', () => {
    const history = Array.from({ length: 50 }, (_, i) => ({
      sender: (i % 2 === 0 ? 'user' : 'ai') as 'user' | 'ai',
      content: `message ${i} ${'x'.repeat(396)}`,
    }));
    const messages = buildChatPrompt({ ...base, history, contextTokens: 4096, replyTokens: 1024 });
    // The history sent, without the system message and the reminder before the newest user one.
    const kept = messages.slice(1).filter((m) => m.role !== 'system');
    expect(kept.length).toBeLessThan(50);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.at(-1)!.content).toContain('message 49');
    expect(kept[0]!.content).toContain(`message ${50 - kept.length}`);
    const used = messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
    expect(used).toBeLessThanOrEqual(4096 - 1024);
    expect(kept.map((m) => m.role).at(-1)).toBe('assistant');
  });

  it('always sends the newest message, its start cut when it alone is too long', () => {
    const huge = `${'word '.repeat(20_000)}and the end.`;
    const messages = buildChatPrompt({
      ...base,
      history: [
        { sender: 'ai', content: 'earlier' },
        { sender: 'user', content: huge },
      ],
    });
    // The system message, the reminder, and what fits of the newest message: its end.
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    const newest = messages[2]!.content;
    expect(newest.startsWith('…')).toBe(true);
    expect(newest.endsWith('and the end.')).toBe(true);
    const used = messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
    expect(used).toBeLessThanOrEqual(8192 - 1024);
    expect(used).toBeGreaterThan(8192 - 1024 - 100);
  });
});
