import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/shared/auth/contract';
import {
  checkPassword,
  isCommonPassword,
  passwordProblem,
  repeatedUnit,
} from '../../src/shared/password-rule';

const ann = { email: 'Ann.Example@Mail.com', name: 'Ann Lindqvist' };

describe('passwordProblem', () => {
  it('refuses a password that is blank after trimming, whatever its length', () => {
    expect(passwordProblem(' '.repeat(8), ann)).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem(' '.repeat(64), ann)).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem('\t \n'.repeat(10), ann)).toBe(PASSWORD_MESSAGES.blank);
  });

  it('refuses repeated and common passwords, saying what to do instead', () => {
    expect(passwordProblem('aaaaaaaa', ann)).toBe(PASSWORD_MESSAGES.weak);
    expect(passwordProblem('a'.repeat(64), ann)).toBe(PASSWORD_MESSAGES.weak);
    expect(passwordProblem('password '.repeat(8), ann)).toBe(PASSWORD_MESSAGES.weak);
    expect(passwordProblem('Password123', ann)).toBe(PASSWORD_MESSAGES.common);
    expect(PASSWORD_MESSAGES.weak).toMatch(/add more words or characters/i);
  });

  it("refuses the site's name with a few digits", () => {
    expect(passwordProblem('reverie123', ann)).toBe(PASSWORD_MESSAGES.weak);
    expect(passwordProblem('Reverie2024!', ann)).toBe(PASSWORD_MESSAGES.weak);
  });

  it("refuses the account's e-mail, its local part and the name, in any case", () => {
    expect(passwordProblem('ann.example@mail.com', ann)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('my ANN.EXAMPLE is great', ann)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('lindqvist family picnic', ann)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('annlindqvist rocks on', ann)).toBe(PASSWORD_MESSAGES.personal);
    // A personal word is refused even inside a long, otherwise strong passphrase.
    expect(passwordProblem('orange kettle drifting north lindqvist seven', ann)).toBe(
      PASSWORD_MESSAGES.personal,
    );
  });

  it('does not refuse a short name hidden inside an ordinary word', () => {
    expect(passwordProblem('planning a quiet escape', ann)).toBeNull();
  });

  it('accepts passphrases and strong passwords with any characters', () => {
    expect(passwordProblem('velvet harbour lantern', ann)).toBeNull();
    expect(passwordProblem('x7$Kq!pZw', ann)).toBeNull();
    expect(passwordProblem('  leading and trailing spaces count  ', ann)).toBeNull();
    expect(passwordProblem('Ich träume von Schnee über Zürich', ann)).toBeNull();
    // A strong phrase said twice is as strong as once.
    expect(passwordProblem('velvet harbour lantern '.repeat(2), ann)).toBeNull();
  });

  it('accepts a long passphrase with emoji and spaces quickly', () => {
    const passphrase =
      '🌙✨ moonlight over the harbour, my favourite quiet place to read 📚☕ every sunday';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    checkPassword('warm up the dictionaries');
    const started = performance.now();
    expect(passwordProblem(passphrase, ann)).toBeNull();
    expect(passwordProblem('x'.repeat(63) + '🌙'.repeat(32), ann)).toBe(PASSWORD_MESSAGES.weak);
    // l33t-heavy input is zxcvbn's slowest; with its defaults this took seconds.
    expect(
      passwordProblem(
        'Wh3n the m00n r1ses 0ver s1lver w@ter, the l1ghth0use k33per s1ngs s0ftly t0 th3 st@rs',
        ann,
      ),
    ).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps the length limits', () => {
    expect(passwordProblem('Qz7!kp', ann)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('velvet harbour lantern '.repeat(6), ann)).toBe(
      PASSWORD_MESSAGES.tooLong,
    );
    expect(passwordProblem('velvet harbour lantern '.repeat(5).slice(0, 128), ann)).toBeNull();
  });
});

describe('checkPassword', () => {
  it('scores as the user types and never calls a refused password good', () => {
    expect(checkPassword('aaaaaaaa').score).toBe(0);
    expect(checkPassword('velvet harbour lantern').score).toBe(4);
    const personal = checkPassword('lindqvist family picnic', ann);
    expect(personal.score).toBeLessThan(3);
    expect(personal.problem).toBe(PASSWORD_MESSAGES.personal);
    expect(checkPassword('aaaaaaaa').warning).toMatch(/repeated/i);
  });
});

describe('repeatedUnit', () => {
  it('finds the string a password repeats, even with a partial last copy', () => {
    expect(repeatedUnit('password '.repeat(8))).toBe('password ');
    expect(repeatedUnit('abcabcab')).toBe('abc');
    expect(repeatedUnit('a'.repeat(64))).toBe('a');
    expect(repeatedUnit('velvet harbour lantern')).toBe('velvet harbour lantern');
  });
});

describe('isCommonPassword', () => {
  it('knows the most used passwords whatever their case', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Iloveyou')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('velvet-harbour-lantern-93')).toBe(false);
  });
});
