import { describe, expect, it } from 'vitest';
import { RecentKeys } from '../../src/server/jobs/recent-keys';

describe('keys marked lately', () => {
  it('says a key was marked within the window, and not after it', () => {
    const keys = new RecentKeys<number>(10_000);
    expect(keys.markUnlessRecent(7, 0)).toBe(false);
    expect(keys.markUnlessRecent(7, 9_999)).toBe(true);
    expect(keys.markUnlessRecent(8, 9_999)).toBe(false);
    // The window runs from the first mark: asking again does not extend it.
    expect(keys.markUnlessRecent(7, 10_000)).toBe(false);
    expect(keys.markUnlessRecent(7, 15_000)).toBe(true);
  });

  it('forgets a key on request, so the next ask goes through', () => {
    const keys = new RecentKeys<string>(10_000);
    expect(keys.markUnlessRecent('a', 0)).toBe(false);
    keys.forget('a');
    expect(keys.markUnlessRecent('a', 1)).toBe(false);
    expect(keys.markUnlessRecent('a', 2)).toBe(true);
  });

  it('holds only what was marked within the window', () => {
    const keys = new RecentKeys<number>(1_000);
    for (let i = 0; i < 10_000; i++) keys.markUnlessRecent(i, i);
    // At 9,999 ms only the keys marked in the last second are left.
    expect(keys.size).toBe(1_000);
    expect(keys.markUnlessRecent(8_999, 9_999)).toBe(false);
    expect(keys.markUnlessRecent(9_000, 9_999)).toBe(true);
  });
});
