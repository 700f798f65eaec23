/**
 * The one place that enforces "every character is an adult (18+)". The web form uses it for
 * instant feedback and the server uses it again before saving, so both give the same message.
 *
 * Approach: a short list of regexes, each for one way text can make a character a minor. We
 * prefer false positives on explicitly minor-coded words (e.g. "her teenage years are behind
 * her" is refused) over missing a real one: the user can always rephrase ("in her youth"), but a
 * minor character must never get through. We do not try to understand negation either ("not a
 * teen" is refused too). Any age under 18 anywhere in the text is refused, even when it seems
 * to describe someone else or the past ("turned at 15" is the classic loophole for "1000-year-old
 * vampire who looks 15").
 */

/** Hyphen-like characters that people (and autocorrect) put in "15-year-old". */
const HY = '[\\-\\u2010\\u2011\\u2012\\u2013\\u2014\\u2212]';
/** Between two tokens: nothing, spaces, or a hyphen with optional spaces ("15yo", "15 - yo"). */
const SEP = `(?:\\s*${HY}\\s*|\\s*)`;

/** Number words under 18; larger ones ("eighteen", "twenty") simply never match. */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
};
// Longest first so "fourteen" is not read as "four".
const WORDS = Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length);
const WORD = `(?:${WORDS.join('|')})`;
const WORD_NOT_ONE = `(?:${WORDS.filter((w) => w !== 'one').join('|')})`;

/** "twenty-one", "a hundred and fifteen": the word is only the tail of a number of 18 or more. */
const NOT_A_COMPOUND_TAIL =
  `(?<!\\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)` +
  `(?:\\s*${HY}\\s*|\\s+)(?:and\\s+)?)`;
/** Digits with thousands separators and decimals, never the tail of "1,000" or "2.15". */
const DIGITS = '(?<![\\p{N}.,])\\d+(?:,\\d{3})*(?:\\.\\d+)?(?![\\p{N}])';

// Each look-behind here and below sits after a `\b` or a literal, so it only runs at word starts:
// that keeps matching linear even on long runs of spaces.
/** An age in digits or words, captured as `age`; rules using it flag ages under 18 only. */
const AGE = `(?<age>${DIGITS}|\\b${NOT_A_COMPOUND_TAIL}${WORD}\\b)`;
/** Same, minus "one", which is far too idiomatic after "is" ("she is one of a kind"). */
const AGE_AFTER_VERB = `(?<age>${DIGITS}|\\b${WORD_NOT_ONE}\\b)`;

/**
 * After "she is 16" an age is followed by the end of a clause ("16.", "16, and", "16 but", "16
 * now"). Anything else means the number counts or measures something: "is 5 feet", "is 5'4",
 * "is 10 times stronger", "is 10/10", "are 3 sisters", "is 10 years older" ("15 years old" has
 * its own rule).
 */
const AGE_ENDS =
  `(?=\\s*(?:$|[.,;:!?()\\[\\]{}&…—–]|\\p{Extended_Pictographic}|\\s${HY}|` +
  '(?:and|but|or|nor|so|yet|now|today|tonight|tomorrow|already|still|though|although|while|' +
  'when|who|whose|which|with|without|in|at|on|from|this|next|going|soon|herself|himself|' +
  'themselves|myself|yourself)(?!\\p{L})))';

/** A verb that states someone's (apparent) age, plus optional hedges: "she's just 16". */
const STATES_AGE =
  // "There are 5 guards", "her lucky number is 7" and "that's 10 points" are counts, not ages.
  '(?:\\b(?<!\\b(?:there|here|number|score|rating|size|count|total)\\s+)' +
  '(?:is|am|are|was|were|be|turned|turns|turning|looks?|looking|appears?|appearing|seems?)' +
  "|['’](?<!\\b(?:there|here|what|that|where|it)['’])(?:s|m|re))" +
  '\\s+(?:(?:only|just|barely|about|around|nearly|almost|still|now|already|maybe|probably|' +
  'roughly|like|at\\s+most)\\s+)*';

interface Rule {
  readonly pattern: RegExp;
  /** Set for rules that capture an `age`: the match counts only when that age is under 18. */
  readonly checksAge?: true;
}

const rx = (source: string): RegExp => new RegExp(source, 'giu');
const word = (source: string): Rule => ({ pattern: rx(source) });
const age = (source: string): Rule => ({ pattern: rx(source), checksAge: true });

const RULES: readonly Rule[] = [
  // "15 years old", "15-year-old", "fifteen year old", "15 yrs old", "15 years of age".
  age(`${AGE}${SEP}(?:years?|yrs?)${SEP}(?:old|young)\\b`),
  age(`${AGE}${SEP}(?:years?|yrs?)\\s+of\\s+age\\b`),
  // "15 yo", "15yo", "15 y.o.", "16 y/o" (but not "15 yoga classes").
  age(`${AGE}\\s*(?:y\\.?\\s?o\\.?|y\\s*\\/\\s*o)(?!\\p{L})`),
  // "17yrs", "17 yrs" without "old", unless it is plainly a duration ("for 10 yrs", "5 yrs ago").
  age(
    `\\b(?<!\\b(?:for|over|after|in|within|last|past)\\s+(?:about\\s+|nearly\\s+|almost\\s+)?)` +
      `${AGE}\\s*yrs?\\b(?!\\s+(?:ago|later|earlier|before|after|of|in|experience|together))`,
  ),
  // "age 15", "aged 12", "age: 14", "age of 15", "at age 15", "age is 15".
  age(
    `\\bage[ds]?(?:\\s*[:=]\\s*|\\s+of\\s+|\\s+(?:is|was)\\s+|\\s*${HY}\\s*|\\s+)` +
      `(?:only\\s+|just\\s+|about\\s+|around\\s+|barely\\s+)?${AGE}`,
  ),
  // "she is 16", "I'm 17", "turned 15", "looks 14" (not "is 5 feet tall", "are 3 sisters").
  age(`${STATES_AGE}${AGE_AFTER_VERB}${AGE_ENDS}`),
  // "a girl of 14" (but "a woman of 30" and "daughter of 2 kings" are fine).
  age(`\\b(?:girl|boy|child|kid|lass|lad|maiden|youth)s?\\s+of\\s+(?:only\\s+|just\\s+)?${AGE}`),
  // "almost 18", "not yet eighteen", "is still under 18": under 18 without a smaller number.
  word(
    '(?:\\b(?:almost|nearly|not\\s+yet|not\\s+quite|soon\\s+to\\s+be|about\\s+to\\s+(?:turn|be)|' +
      "turning)|(?:\\b(?:is|am|are)|['’](?:s|m|re))\\s+(?:still\\s+)?under)" +
      '\\s+(?:18|eighteen)(?![\\p{N}.,])' +
      `(?:${SEP}(?:years?|yrs?)${SEP}old\\b|${AGE_ENDS})`,
  ),

  // "child"/"children" (but "childhood", "childish" pass by word boundary) and "childlike".
  // A few idioms about adults stay allowed: "an only child", "wild child", "child of the night".
  word(
    '\\bchild(?<!\\b(?:only|middle|eldest|youngest|oldest|inner|wild|flower|love|poster|problem)' +
      `\\s+child)(?:ren|${HY}?like)?\\b` +
      '(?!\\s+of\\s+the\\s+(?:night|moon|stars?|sun|sea|storm|void|abyss|forest|gods?|damned)\\b)',
  ),
  // "kid", "kids", "kiddies" (word boundaries let "kidding", "kidnapped", "kidney" pass).
  word('\\bkid(?:s|dies?)?\\b'),
  // "minors" always; "minor" only as a noun ("she is a minor.") so "a minor goddess",
  // "minor injuries" and "a minor in art history" pass.
  word(
    `\\bminors\\b|\\bminor\\b(?=\\s*(?:$|[.,;:!?)\\]"'”’]|${HY}\\s|\\s*(?:and|but|or|who|whose|` +
      'that|so|because|since|with|herself|himself|girl|boy|child|kid|teen)\\b))',
  ),
  word(`\\bunder${HY}?aged?\\b`),
  // "preteen"/"pre-teen" and "tween" before plain "teen" so the message quotes the whole word.
  word(`\\bpre${HY}?teens?\\b|\\btweens?\\b`),
  // "teen", "teens", "teenager", "teenage(d)", "teenybopper"; "teeny", "canteen", "eighteen" pass.
  word('\\bteen(?:s|agers?|aged?|yboppers?)?\\b'),
  word(`\\b(?:adolescents?|(?:pre${HY}?)?pubescent|juveniles?|youngsters?)\\b`),
  word('\\bkindergar(?:ten|tner|tener)s?\\b'),
  // "schoolgirl", "school girl", "schoolboy", "school kids".
  word(`\\bschool${SEP}(?:girls?|boys?|kids?|child(?:ren)?)\\b`),
  // Schools only children attend, and pupils of the others. "High school teacher" and "high
  // school sweetheart" (adult backstory) pass; "high schooler" and "is in high school" do not.
  word(`\\b(?:elementary|primary|middle|grade|junior${SEP}high)${SEP}school(?:ers?)?\\b`),
  word(`\\b(?:high|secondary|prep)${SEP}schoolers?\\b`),
  word(
    `\\b(?:high|secondary|prep)${SEP}school\\s+(?:students?|girls?|boys?|kids?|pupils?|` +
      'seniors?|juniors?|freshm[ae]n|sophomores?|cheerleaders?)\\b',
  ),
  word(
    "(?:\\b(?:is|am|are|still|currently)|['’](?:s|m|re))\\s+(?:still\\s+|currently\\s+)?" +
      'in\\s+(?:high|secondary)\\s+school\\b',
  ),
  // "in 8th grade", "ninth grade", "10th grader", "grade 8" (but "first grade detective", a rank).
  word(
    '\\b(?<!\\b(?:detective|officer)\\s+)' +
      '(?:(?:[1-9]|1[0-2])(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|' +
      `eighth|ninth|tenth|eleventh|twelfth)${SEP}grad(?:e|ers?)\\b` +
      `(?!${SEP}(?:detective|officer)\\b)`,
  ),
  word('\\b(?:in|into)\\s+grade\\s+(?:[1-9]|1[0-2])\\b'),
  word('\\b(?:loli(?:ta|con)?s?|shota(?:con)?s?)\\b'),
  word('\\b(?:toddlers?|infants?)\\b'),
  // "baby" only when it says what the character is ("she is a baby"); endearments like "call me
  // baby", "hey baby", "he's a big baby" and "baby-faced" pass.
  word(
    "(?:\\b(?:is|am|are|was|were)|['’](?:s|m|re))\\s+(?:(?:just|only|still|basically|" +
      'literally|a|an)\\s+)*bab(?:y|ies)\\b' +
      `(?!${SEP}(?:face|faced|doll|pink|blue|oil|powder|shower|bump|steps?|talk)\\b)`,
  ),
  // "little girl", "young boy" ("little" and "young woman" alone pass).
  word('\\b(?:little|young)\\s+(?:girls?|boys?)\\b'),
  word(`\\bjail${SEP}bait\\b`),
  // An age given right after a name or noun: "Lily (16)", "Lily, 16, loves art", "a girl, 15.".
  age(`(?<=\\p{L})\\s*\\(\\s*${AGE}\\s*\\)`),
  age(`(?<=\\p{L}),\\s*${AGE}\\s*(?=[,.;]|$)`),
  // "her 15th birthday", "sweet sixteen".
  age(`\\b(?<age>\\d{1,2})(?:st|nd|rd|th)\\s+birthday\\b`),
  word('\\bsweet\\s+(?:sixteen|16)\\b'),
  word(`\\b(?:pre${HY}?schoolers?|preschool|newborns?)\\b`),
];

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
  for (const rule of RULES) {
    for (const match of clean.matchAll(rule.pattern)) {
      const found = match.groups?.age;
      if (rule.checksAge && !(found !== undefined && ageOf(found) < 18)) continue;
      // Quote "she's 16" rather than "'s 16" when the match starts at an apostrophe.
      const start =
        match[0].startsWith("'") || match[0].startsWith('’')
          ? wordStart(clean, match.index)
          : match.index;
      return clean
        .slice(start, match.index + match[0].length)
        .trim()
        .replace(/\s+/gu, ' ');
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
}): string | null {
  const order = ['name', 'description', 'personality'] as const;
  for (const field of order) {
    const text = fields[field];
    if (!text) continue;
    const phrase = findMinorPhrase(text);
    if (phrase !== null) return message(phrase, ` from the ${field}`);
  }
  return null;
}
