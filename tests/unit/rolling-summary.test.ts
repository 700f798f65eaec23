import { describe, expect, it } from 'vitest';
import { rollingSummaryTarget, summaryOnPath } from '../../src/server/modules/chat/rolling-summary';

/** Issue 46 part 3: which summary a prompt carries, and when the next one is due. */

const path = (n: number, first = 1) =>
  Array.from({ length: n }, (_, i) => ({
    id: first + i,
    sender: (i % 2 ? 'ai' : 'user') as 'user' | 'ai',
    content: `m${first + i}`,
  }));

describe('summaryOnPath', () => {
  it('takes the newest summary through a message of the path, never another branch’s', () => {
    const thread = path(10, 1);
    const summaries = [
      { through: 50, content: 'another branch' },
      { through: 6, content: 'through 6' },
      { through: 3, content: 'through 3' },
    ];
    expect(summaryOnPath(thread, summaries)).toEqual({ summary: summaries[1], index: 5 });
    expect(summaryOnPath(thread, [{ through: 50, content: 'x' }])).toBeNull();
  });
});

describe('rollingSummaryTarget', () => {
  const thread = path(60);
  it('is not due while the whole conversation is sent', () => {
    expect(rollingSummaryTarget(thread, 0, true, -1)).toBeNull();
  });

  it('runs twenty messages past the window’s edge once messages fall out', () => {
    // 10 left out (ids 1-10): the summary runs through id 30, so the next 20 to go are in it.
    expect(rollingSummaryTarget(thread, 10, true, -1)).toBe(30);
  });

  it('is not due while the summary holds every message left out', () => {
    expect(rollingSummaryTarget(thread, 10, true, 9)).toBeNull();
    expect(rollingSummaryTarget(thread, 10, true, 29)).toBeNull();
    // One more left out than it holds: due, from there on.
    expect(rollingSummaryTarget(thread, 31, true, 29)).toBe(45);
  });

  it('keeps at least half of what the window holds out of the summary', () => {
    // 54 left out, 6 kept: it runs 3 past the edge, not 20.
    expect(rollingSummaryTarget(thread, 54, true, -1)).toBe(57);
  });

  it('counts messages never read as left out', () => {
    expect(rollingSummaryTarget(thread, 0, false, -1)).toBe(20);
    expect(rollingSummaryTarget(thread, 0, false, 0)).toBeNull();
  });

  it('never runs through the newest message, which may not be stored yet (a run taken over)', () => {
    for (let dropped = 1; dropped < 5; dropped++) {
      expect(rollingSummaryTarget(path(5), dropped, true, -1)).toBeLessThan(5);
    }
  });
});
