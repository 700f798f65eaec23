import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './auth/contract';
import { APP_NAME } from './brand';

/*
 * The password rule, shared by the server (sign-up, change and reset password) and the sign-up
 * form's strength meter. It imports zxcvbn and its dictionaries (about 800 KB compressed), so
 * the web app loads it only in a worker when the sign-up form opens; import constants from
 * ./auth instead.
 * Why the rule is what it is: docs/decisions/0012-password-strength.md.
 */

/**
 * zxcvbn's scale, 0 (under 10^3 guesses) to 4 (10^10 and more). 3 needs at least 10^8 guesses:
 * about three hours offline at zxcvbn's 10^4 guesses a second for a slow hash like our scrypt,
 * and far beyond what our sign-in rate limits allow online.
 */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const MIN_PASSWORD_SCORE: PasswordScore = 3;

/**
 * zxcvbn reads at most this many characters. Its time grows much faster than the length (with its
 * defaults a 64-character l33t passphrase took seconds), and a password is at least as hard to
 * guess as its beginning, so scoring a prefix can refuse a password but never accept a weaker
 * one. The first 32 characters of a real passphrase (five or six words, any language or emoji)
 * score 4 on their own, so long passphrases keep being accepted.
 */
export const SCORED_PREFIX_LENGTH = 32;

/** How many de-l33ted variants zxcvbn tries (its default, 100, is most of its time). */
const L33T_VARIANTS = 5;

/**
 * Personal words shorter than this are left to zxcvbn's judgement: refusing every password that
 * contains "ann" would refuse "planning".
 */
const MIN_PERSONAL_LENGTH = 4;

/** How many of the most used passwords (by frequency rank) get the "too common" message. */
const COMMON_TOP_N = 10_000;

export interface PersonalInfo {
  email?: string | null;
  name?: string | null;
}

export interface PasswordCheck {
  /** zxcvbn's score, capped at 2 when the password is refused for another reason. */
  score: PasswordScore;
  /** Why the password is refused, as a sentence that says what to do; null when accepted. */
  problem: string | null;
  /** zxcvbn's hint about the weakness it found (e.g. repeated characters), if any. */
  warning: string | null;
}

let estimator: ZxcvbnFactory | undefined;
let common: Set<string> | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: SCORED_PREFIX_LENGTH,
    l33tMaxSubstitutions: L33T_VARIANTS,
  });
  return estimator;
}

/** ASVS V2.1.7: the most used passwords (zxcvbn's frequency-ranked list), whatever their case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    (commonDictionary['passwords-common'] as string[])
      .slice(0, COMMON_TOP_N)
      .map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The e-mail, its local part, the name and their words, folded; zxcvbn gets them all. */
export function personalWords({ email, name }: PersonalInfo): string[] {
  const address = fold(email ?? '').trim();
  const local = address.includes('@') ? address.slice(0, address.lastIndexOf('@')) : address;
  const fullName = fold(name ?? '').trim();
  const words = [
    address,
    local,
    fullName,
    fullName.replace(/\s+/g, ''),
    ...local.split(/[^\p{L}\p{N}]+/u),
    ...fullName.split(/[^\p{L}\p{N}]+/u),
  ];
  return [...new Set(words.filter((w) => w !== ''))];
}

/** Strength and verdict for a new password; `personal` is the account's e-mail and name. */
export function checkPassword(password: string, personal: PersonalInfo = {}): PasswordCheck {
  const words = personalWords(personal);
  const inputs = [...words, fold(APP_NAME)];
  const result = zxcvbn().check(password, inputs);
  const unit = repeatedUnit(password);
  const unitResult = unit === password ? result : zxcvbn().check(unit, inputs);
  const score = Math.min(result.score, unitResult.score) as PasswordScore;
  const problem =
    ruleProblem(password, words) ?? (score < MIN_PASSWORD_SCORE ? PASSWORD_MESSAGES.weak : null);
  return {
    score: problem ? (Math.min(score, MIN_PASSWORD_SCORE - 1) as PasswordScore) : score,
    problem,
    warning: result.feedback.warning || unitResult.feedback.warning || null,
  };
}

/**
 * The shortest string whose repetition makes up the whole password ("password " for eight times
 * "password "), or the password itself. zxcvbn sees repetitions only within the prefix it scores,
 * and a repeated string is about as easy to guess as one copy of it.
 */
export function repeatedUnit(password: string): string {
  for (let size = 1; size <= password.length / 2; size++) {
    const unit = password.slice(0, size);
    let at = size;
    while (password.startsWith(unit, at)) at += size;
    if (unit.startsWith(password.slice(at))) return unit;
  }
  return password;
}

/** The message that refuses `password` as a new password, or null when it may be used. */
export function passwordProblem(password: string, personal: PersonalInfo = {}): string | null {
  return checkPassword(password, personal).problem;
}

/** The rules before strength: not blank, within the lengths, nothing personal, not common. */
function ruleProblem(password: string, personalWords: string[]): string | null {
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const folded = fold(password);
  const contains = (w: string) => w.length >= MIN_PERSONAL_LENGTH && folded.includes(w);
  if (personalWords.some(contains)) return PASSWORD_MESSAGES.personal;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}
