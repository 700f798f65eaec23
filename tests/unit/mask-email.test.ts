import { describe, expect, it } from 'vitest';
import { maskEmail } from '../../src/shared/mask-email';

describe('maskEmail', () => {
  it('keeps the first and last three characters of a long local part', () => {
    expect(maskEmail('johnathan.doe@example.com')).toBe('joh...doe@example.com');
  });

  it('shows local parts of six characters or fewer unmasked', () => {
    expect(maskEmail('sixsix@example.com')).toBe('sixsix@example.com');
    expect(maskEmail('ann@example.com')).toBe('ann@example.com');
  });

  it('masks a seven-character local part', () => {
    expect(maskEmail('abcdefg@x.io')).toBe('abc...efg@x.io');
  });

  it('splits at the last @ and leaves non-addresses alone', () => {
    expect(maskEmail('"a@b"quoted@example.com')).toBe('"a@...ted@example.com');
    expect(maskEmail('not-an-email')).toBe('not-an-email');
  });
});
