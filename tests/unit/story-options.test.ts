import { describe, expect, it } from 'vitest';
import { storyOptionsSchema } from '../../src/server/prompts/story.prompt';

const four = ['Run', 'Hide', 'Fight', 'Talk'];

describe('story option parsing', () => {
  it('accepts { options: [{ number, option }] } and renumbers 1–4', () => {
    const parsed = storyOptionsSchema.parse({
      options: four.map((option, i) => ({ number: i + 7, option })),
    });
    expect(parsed).toEqual(four.map((option, i) => ({ number: i + 1, option })));
  });

  it('accepts a bare array of strings or objects, trimming text', () => {
    expect(storyOptionsSchema.parse(['  Run ', 'Hide', 'Fight', 'Talk'])[0]).toEqual({
      number: 1,
      option: 'Run',
    });
    expect(storyOptionsSchema.parse(four.map((option) => ({ option })))).toHaveLength(4);
  });

  it('refuses anything but exactly four non-empty options', () => {
    expect(storyOptionsSchema.safeParse(['Run', 'Hide']).success).toBe(false);
    expect(storyOptionsSchema.safeParse([...four, 'Sing']).success).toBe(false);
    expect(storyOptionsSchema.safeParse(['Run', '', 'Fight', 'Talk']).success).toBe(false);
    expect(storyOptionsSchema.safeParse({ nothing: true }).success).toBe(false);
  });
});
