/**
 * The one place that enforces "every character is an adult (18+)". The server runs it before
 * saving or generating anything (and, when a model is configured, asks it for a second opinion,
 * see src/server/modules/characters/age-review.ts), so every refusal quotes the same phrase.
 *
 * How it decides (docs/decisions/0007-adults-only-whose-age.md):
 * 1. Signals (adults-only/signals.ts) find every phrase that can make someone a minor: ages under
 *    18, minor words ("teen", "kid"), school years ("8th grade", "high-school sophomore"), and a
 *    child's body or stage of life ("prepubescent", "baby teeth", "really 14").
 * 2. For each one, subject.ts decides whose it is: the character's ('self', refused), someone
 *    else's or the character's past ('other': "her 12-year-old brother", "kindergarten teacher",
 *    "tutors teens", "former child star"), or 'unclear' ("loves kids", "was a teen"), which is
 *    refused unless the character is given an adult age of their own ("a 28-year-old who…").
 * 3. A child's body, a hidden age ("actually 15", "16 in human years") and a stopped age ("frozen
 *    at 14") are always the character's: an adult age beside them changes nothing.
 *
 * When in doubt it refuses: a false refusal costs a rephrase, a minor getting through must never
 * happen. Negation is not understood ("not a teen" is refused too).
 *
 * Linear time: see adults-only/patterns.ts (look-behinds only at word starts, bounded windows).
 */
import { statesOwnAdultAge } from './adults-only/own-age';
import { NUMBER_WORDS } from './adults-only/patterns';
import { SIGNALS } from './adults-only/signals';
import { ambiguousHolder, phraseHolder, predicateHolder, type Holder } from './adults-only/subject';

/** Zero-width characters and soft hyphens could otherwise hide a word ("t\u200Been"). */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/gu;

function ageOf(text: string): number {
  const lower = text.toLowerCase();
  if (lower in NUMBER_WORDS) return NUMBER_WORDS[lower] ?? Number.NaN;
  return Number(lower.replaceAll(',', ''));
}

/** Index where the word ending just before `index` starts. */
function wordStart(text: string, index: number): number {
  let start = index;
  while (start > 0 && /\p{L}/u.test(text[start - 1] ?? '')) start -= 1;
  return start;
}

/** The first phrase that makes the text describe a minor, as it appears in the text. */
function findMinorPhrase(text: string): string | null {
  // NFKC folds full-width digits ("１５") and compatibility hyphens into their plain forms.
  const clean = text.normalize('NFKC').replace(INVISIBLE, '');
  let ownAdultAge: boolean | undefined;
  for (const signal of SIGNALS) {
    for (const match of clean.matchAll(signal.pattern)) {
      const found = match.groups?.age;
      if (signal.checksAge && !(found !== undefined && ageOf(found) < 18)) continue;
      const end = match.index + match[0].length;
      let holder: Holder =
        signal.owner === 'always'
          ? 'self'
          : signal.owner === 'predicate'
            ? predicateHolder(clean, match.index, end, match[0])
            : phraseHolder(clean, match.index, end, match[0], signal.checksAge === true);
      if (signal.ambiguous) holder = ambiguousHolder(holder, clean, match.index, end);
      if (holder === 'other') continue;
      if (holder === 'unclear') {
        ownAdultAge ??= statesOwnAdultAge(clean, NUMBER_WORDS);
        if (ownAdultAge) continue;
      }
      // Quote "she's 16" rather than "'s 16", and "Lily (16)" rather than "(16)".
      const start = /^['’]/u.test(match[0])
        ? wordStart(clean, match.index)
        : /^[\s,(]/u.test(match[0])
          ? wordStart(clean, clean.slice(0, match.index).trimEnd().length)
          : match.index;
      return clean.slice(start, end).trim().replace(/\s+/gu, ' ');
    }
  }
  return null;
}

const message = (phrase: string, where = ''): string =>
  `Characters must be adults (18+). Please remove the reference to "${phrase}"${where}.`;

/**
 * Null when the text never makes a character a minor, otherwise a message for the user that
 * quotes the offending phrase, e.g. 'Characters must be adults (18+). Please remove the
 * reference to "15-year-old".'
 */
export function findMinorReference(text: string): string | null {
  const phrase = findMinorPhrase(text);
  return phrase === null ? null : message(phrase);
}

/** Checks the free-text fields of a character; the message also says which field to fix. */
export function checkCharacterIsAdult(fields: {
  name?: string;
  description?: string;
  personality?: string;
  greetings?: string;
}): string | null {
  const order = ['name', 'description', 'personality', 'greetings'] as const;
  for (const field of order) {
    const text = fields[field];
    if (!text) continue;
    const phrase = findMinorPhrase(text);
    if (phrase !== null) return message(phrase, ` from the ${field}`);
  }
  return null;
}

/**
 * A persona is who the user plays (issue 47 part 5): an adult too, by the same rule. Null when its
 * name and description never make it a minor, otherwise the message naming the field to fix.
 */
export function checkPersonaIsAdult(fields: { name?: string; description?: string }) {
  for (const field of ['name', 'description'] as const) {
    const text = fields[field];
    const phrase = text ? findMinorPhrase(text) : null;
    if (phrase !== null) {
      return {
        field,
        message: `Everyone in a chat is an adult (18+), you too. Please remove the reference to "${phrase}" from the persona’s ${field}.`,
      };
    }
  }
  return null;
}
