import { ADULT_AGE_WORDS, SEP, YEARS_OLD } from './patterns';
import { SIGNALS } from './signals';
import { describesSubject, phraseHolder, predicateHolder } from './subject';

/** "in her twenties", "a woman in his late 30s", "twenty-five years old", "a hundred years old". */
const ADULT_PHRASES: readonly RegExp[] = [
  new RegExp(
    '\\bin\\s+(?:her|his|their|my|your)\\s+(?:(?:early|mid|late)' +
      `${SEP})?(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|` +
      "(?:[2-9]0)['’]?s)\\b",
    'giu',
  ),
  new RegExp(`${ADULT_AGE_WORDS}${YEARS_OLD}`, 'giu'),
];

function ageOf(text: string, words: Readonly<Record<string, number>>): number {
  const lower = text.toLowerCase();
  if (lower in words) return words[lower] ?? Number.NaN;
  return Number(lower.replaceAll(',', ''));
}

/**
 * Whether the text gives the character their own adult age: "a 35-year-old", "she is 28", "now
 * 28", "Mara, 30", "in her thirties", "looks young for her 25 years". An adult age that belongs to
 * someone else ("her 40-year-old husband") does not count.
 */
export function statesOwnAdultAge(text: string, words: Readonly<Record<string, number>>): boolean {
  for (const pattern of ADULT_PHRASES) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      const own = describesSubject(text, match.index);
      if (own && phraseHolder(text, match.index, end, match[0], true) === 'self') return true;
    }
  }
  for (const signal of SIGNALS) {
    if (!signal.checksAge) continue;
    for (const match of text.matchAll(signal.pattern)) {
      const found = match.groups?.age;
      if (found === undefined || !(ageOf(found, words) >= 18)) continue;
      const end = match.index + match[0].length;
      const holder =
        signal.owner === 'always'
          ? 'self'
          : signal.owner === 'predicate'
            ? predicateHolder(text, match.index, end, match[0])
            : describesSubject(text, match.index)
              ? phraseHolder(text, match.index, end, match[0], true)
              : 'other';
      if (holder === 'self') return true;
    }
  }
  return false;
}
