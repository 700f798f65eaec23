import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords (by frequency rank) are refused. */
const REFUSED_TOP_N = 10_000;

let refused: Set<string> | undefined;

/**
 * ASVS V2.1.7: refuse passwords found in lists of the most common ones. The list is zxcvbn's
 * frequency-ranked password dictionary; comparison ignores case.
 */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(
    (dictionary['passwords-common'] as string[])
      .slice(0, REFUSED_TOP_N)
      .map((p) => p.toLowerCase()),
  );
  return refused.has(password.toLowerCase());
}
