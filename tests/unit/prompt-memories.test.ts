import { describe, expect, it } from 'vitest';
import {
  buildChatPrompt,
  estimateTokens,
  type PromptInput,
} from '../../src/server/prompts/chat.prompt';
import {
  chooseMemories,
  MEMORY_HEADINGS,
  MEMORY_SHARE,
  PINNED_MEMORY_SHARE,
} from '../../src/server/prompts/chat/memories';

/**
 * Issue 46 part 8: pinned memories have a share of the window of their own. Unpinned ones fill
 * what is left of the memories' share and never take the pinned share, and a short window drops
 * them before any pinned one.
 */

const CONTEXT = 4096;
const ABOUT = 'Tell me about the lighthouse and the harbour again.';

/** Memories of one cost each; the unpinned ones all about what the user is asking. */
function memoriesOf(pinned: number, unpinned: number) {
  const pad = (i: number) => String(i).padStart(2, '0');
  return [
    ...Array.from({ length: pinned }, (_, i) => ({
      content: `Fact ${pad(i)}: ${'they cooked pasta for neighbours and the kittens at noon. '.repeat(3)}`,
      pinned: true,
    })),
    ...Array.from({ length: unpinned }, (_, i) => ({
      content: `Talk ${pad(i)}: ${'they talked about the lighthouse and the harbour at dusk. '.repeat(3)}`,
      pinned: false,
    })),
  ];
}

const cost = (m: { content: string }) => estimateTokens(m.content);
const tokensOf = (list: { content: string }[]) => list.reduce((sum, m) => sum + cost(m), 0);

describe('chooseMemories: the pinned memories’ own share', () => {
  const all = Math.floor(CONTEXT * MEMORY_SHARE) - MEMORY_HEADINGS;
  const pinnedShare = Math.floor(CONTEXT * PINNED_MEMORY_SHARE);

  it('gives the pinned ones their share, and the others only what is left', () => {
    const memories = memoriesOf(40, 40);
    const each = cost(memories[0]!);
    expect(memories.every((m) => cost(m) === each)).toBe(true);

    const chosen = chooseMemories(memories, ABOUT, { contextTokens: CONTEXT });
    const pinned = chosen.filter((m) => m.pinned);
    const others = chosen.filter((m) => !m.pinned);
    // The newest pinned ones, as many as their share holds, however related the others are.
    expect(pinned).toEqual(memories.slice(0, Math.floor(pinnedShare / each)));
    // The others fill the rest of the memories' share, and no more.
    expect(others.length).toBe(Math.floor((all - tokensOf(pinned)) / each));
    expect(others.length).toBeGreaterThan(0);
    expect(tokensOf(chosen)).toBeLessThanOrEqual(all);
    // The pinned ones come first.
    expect(chosen.slice(0, pinned.length).every((m) => m.pinned)).toBe(true);
  });

  it('lets the others use what the pinned ones leave, and the pinned ones what the others leave', () => {
    const fewPinned = memoriesOf(2, 40);
    const each = cost(fewPinned[0]!);
    const chosen = chooseMemories(fewPinned, ABOUT, { contextTokens: CONTEXT });
    expect(chosen.filter((m) => m.pinned)).toHaveLength(2);
    expect(chosen.filter((m) => !m.pinned)).toHaveLength(Math.floor(all / each) - 2);

    const fewOthers = memoriesOf(40, 1);
    const kept = chooseMemories(fewOthers, ABOUT, { contextTokens: CONTEXT });
    expect(kept.filter((m) => !m.pinned)).toHaveLength(1);
    expect(kept.filter((m) => m.pinned)).toHaveLength(Math.floor(all / each) - 1);
  });

  it('drops the unpinned ones before any pinned one when the window is short', () => {
    const memories = memoriesOf(40, 40);
    const each = cost(memories[0]!);
    // Less room than the pinned share: the pinned ones take all of it.
    const room = pinnedShare - 3 * each;
    const chosen = chooseMemories(memories, ABOUT, { contextTokens: CONTEXT, room });
    expect(chosen.every((m) => m.pinned)).toBe(true);
    expect(chosen).toEqual(memories.slice(0, Math.floor((room - MEMORY_HEADINGS) / each)));

    // Room between the two shares: the others shrink, the pinned ones keep their share.
    const between = pinnedShare + MEMORY_HEADINGS + 2 * each;
    const some = chooseMemories(memories, ABOUT, { contextTokens: CONTEXT, room: between });
    expect(some.filter((m) => m.pinned)).toHaveLength(Math.floor(pinnedShare / each));
    expect(some.filter((m) => !m.pinned).length).toBeLessThanOrEqual(2);
  });

  it('holds in the prompt: the pinned ones are there, the others only as room allows', () => {
    const memories = memoriesOf(40, 40);
    const input: PromptInput = {
      character: {
        name: 'Selene',
        gender: 'female',
        description: 'A moonlit poet.',
        personality: 'Playful.',
        directnessLevel: 2,
        sexualPreferences: [],
        roles: [],
        includeRoles: false,
        settings: { emojis: true, actionMessages: true },
      },
      profile: null,
      mode: 'texting',
      scenario: null,
      memories,
      history: [{ sender: 'user', content: ABOUT }],
      contextTokens: CONTEXT,
      replyTokens: 300,
    };
    const system = buildChatPrompt(input)[0]!.content;
    const each = cost(memories[0]!);
    const carried = memories.filter((m) => system.includes(m.content.trim()));
    expect(carried.filter((m) => m.pinned)).toHaveLength(Math.floor(pinnedShare / each));
    expect(carried.filter((m) => !m.pinned).length).toBeGreaterThan(0);
  });
});
