import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/shared/format-count';

describe('formatCount', () => {
  it('writes whole numbers as en-US toLocaleString does', () => {
    for (const n of [
      0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 2_147_483_647, -1, -1234,
      -1_000_000,
    ]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
