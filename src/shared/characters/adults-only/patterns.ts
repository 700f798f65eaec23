/**
 * Regex building blocks shared by the adults-only signals and the "whose age is it" logic.
 *
 * Linear time: every pattern that runs over the whole text puts its look-behinds right after a
 * `\b` or a literal, so they are only tried at word starts (a long run of spaces never makes
 * them rescan), and every repetition is either bounded or over a single character class. The
 * context checks in subject.ts only run on short windows around a match.
 */

/** Hyphen-like characters that people (and autocorrect) put in "15-year-old". */
export const HY_CHARS = '\\-\\u2010\\u2011\\u2012\\u2013\\u2014\\u2212';
export const HY = `[${HY_CHARS}]`;
/** Between two tokens: nothing, spaces, or a hyphen with optional spaces ("15yo", "15 - yo"). */
export const SEP = `(?:\\s*${HY}\\s*|\\s*)`;

/** Number words under 18; larger ones ("eighteen", "twenty") simply never match. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
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

/** An age in digits or words, captured as `age`; rules using it flag ages under 18 only. */
export const AGE = `(?<age>${DIGITS}|\\b${NOT_A_COMPOUND_TAIL}${WORD}\\b)`;
/** Same, minus "one", which is far too idiomatic after "is" ("she is one of a kind"). */
export const AGE_AFTER_VERB = `(?<age>${DIGITS}|\\b${WORD_NOT_ONE}\\b)`;

/**
 * Adult ages written in words ("twenty-five years old", "a hundred years old"): only used to
 * find the character's own adult age, never to refuse.
 */
export const ADULT_AGE_WORDS =
  '\\b(?:eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)' +
  `(?:${SEP}(?:one|two|three|four|five|six|seven|eight|nine))?|` +
  '(?:a|one|two|three|four|five|six|seven|eight|nine|ten|several|a\\s+few)\\s+' +
  '(?:hundred|thousand|million))';

/**
 * After "she is 16" an age is followed by the end of a clause ("16.", "16, and", "16 but", "16
 * now"). Anything else means the number counts or measures something: "is 5 feet", "is 5'4",
 * "is 10 times stronger", "is 10/10", "are 3 sisters", "is 10 years older" ("15 years old" has
 * its own rule).
 */
export const AGE_ENDS =
  `(?=\\s*(?:$|[.,;:!?()\\[\\]{}&…—–]|\\p{Extended_Pictographic}|\\s${HY}|` +
  '(?:and|but|or|nor|so|yet|now|today|tonight|tomorrow|already|still|though|although|while|' +
  'when|who|whose|which|with|without|in|at|on|from|this|next|going|soon|herself|himself|' +
  'themselves|myself|yourself)(?!\\p{L})))';

/** "years old", "yrs old", "years young", each part optionally hyphenated. */
export const YEARS_OLD = `${SEP}(?:years?|yrs?)${SEP}(?:old|young)\\b`;

/** Hedges between a verb and an age: "she's just 16", "looks about 14". */
export const HEDGES =
  '(?:(?:only|just|barely|about|around|nearly|almost|still|now|already|maybe|probably|' +
  'roughly|like|at\\s+most)\\s+)*';

/** A verb that states someone's (apparent) age, plus optional hedges: "she's just 16". */
export const STATES_AGE =
  // "There are 5 guards", "her lucky number is 7" and "that's 10 points" are counts, not ages.
  '(?:\\b(?<!\\b(?:there|here|number|score|rating|size|count|total)\\s+)' +
  '(?:is|am|are|was|were|be|turned|turns|turning|looks?|looking|appears?|appearing|seems?|' +
  'acts?|acting|behaves?|behaving|' +
  'pass(?:es)?\\s+for|passing\\s+for|mistaken\\s+for|taken\\s+for)' +
  "|['’](?<!\\b(?:there|here|what|that|where|it)['’])(?:s|m|re))" +
  `\\s+${HEDGES}`;

/** Words that say the next number is what the character *really* is, whatever else is claimed. */
export const QUALIFIERS =
  '(?:really|actually|truly|secretly|technically|physically|mentally|emotionally|' +
  'biologically|in\\s+reality|in\\s+truth|deep\\s+down|underneath\\s+it\\s+all|at\\s+heart)';

/**
 * People other than the character: relatives, and the people a job or role looks after. A minor
 * word attached to one of these ("her 12-year-old brother") is about someone else.
 */
export const RELATIVES =
  '(?:sons?|daughters?|brothers?|sisters?|siblings?|twins?|triplets|stepsons?|stepdaughters?|' +
  'stepbrothers?|stepsisters?|step' +
  HY +
  '?(?:sons?|daughters?|kids?|children|brothers?|sisters?)|half' +
  HY +
  '?(?:brothers?|sisters?|siblings?)|nephews?|nieces?|cousins?|grandsons?|granddaughters?|' +
  'grandchild(?:ren)?|grandkids?|godsons?|goddaughters?|godchild(?:ren)?|wards?|students?|' +
  'pupils?|patients?|charges?|clients?|campers|mentees|tutees|trainees|players|athletes|' +
  'gymnasts|dancers|swimmers|readers|fans|offspring|family|class(?:es)?|team|squad|troop|' +
  'husband|wife|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|boss|friends?|neighbou?rs?|' +
  'kids?|children|child|boys|girls|bab(?:y|ies)|toddlers?|teenagers?|teens|ones)';

/** Nouns for a person; after a minor word they make it describe a person ("teen girls"). */
export const PERSON_NOUNS = `(?:${RELATIVES}|girl|boy|lad|lass|people|persons?|individuals?)`;

/**
 * People whose relation to a minor is named with "of/to/for/with": "mother of two teenagers",
 * "big sister to a 12-year-old brother", "tutor for kids", "teacher at a middle school".
 */
export const GUARDIANS =
  '(?:mother|mom|mum|mommy|mama|father|dad|daddy|papa|parent|stepmother|stepmom|stepmum|' +
  'stepfather|stepdad|aunt|auntie|uncle|guardian|godmother|godfather|grandmother|grandma|' +
  'granny|grandfather|grandpa|sister|brother|sibling|cousin|teacher|schoolteacher|tutor|' +
  'nanny|babysitter|governess|caretaker|carer|caregiver|coach|mentor|principal|headmistress|' +
  'headmaster|head\\s+teacher|counsel(?:l)?or|nurse|doctor|pediatrician|paediatrician|' +
  'therapist|psychologist|librarian|protector|role\\s+model|instructor|chaperone|foster' +
  `${SEP}(?:mother|mom|mum|father|dad|parent|carer)|adoptive${SEP}(?:mother|mom|father|dad|parent)` +
  '|pastor|priest|priestess|minister|volunteer|worker|employee|owner|founder|director|' +
  'manager|administrator|secretary|janitor|cook|chef|driver|guard|medic|dentist)s?';

/**
 * Jobs, places and things for children, named after them: "kindergarten teacher", "child
 * psychologist", "teen pregnancy counsellor". Only nouns that would be odd for a child to be
 * ("a teen nurse", "a teen mom" and "child star" stay about the character).
 */
export const SERVING_ROLES =
  '(?:teachers?|schoolteachers?|tutors?|educators?|instructors?|principals?|headmistress|' +
  'headmaster|psychologists?|psychiatrists?|psychiatry|psychology|therapists?|therapy|' +
  'counsel(?:l)?ors?|counsel(?:l)?ing|pediatricians?|paediatricians?|dentists?|doctors?|' +
  'surgeons?|librarians?|authors?|writers?|illustrators?|entertainers?|magicians?|clowns?|' +
  'photographers?|social\\s+workers?|welfare|protection|protective|services|advocates?|' +
  'advocacy|rights|care|carers?|caretakers?|caregivers?|minders?|specialists?|experts?|' +
  'development|education|literature|books?|shows?|television|tv|programm?e?s?|hospitals?|' +
  'wards?|clinics?|shelters?|charit(?:y|ies)|cent(?:er|re)s?|camps?|classrooms?|classes|' +
  'menus?|gloves|ministry|chaplains?|sports?|theat(?:er|re)s?|choirs?|librar(?:y|ies)|' +
  'toys?|clothes|clothing|games?|movies?|films?|songs?|music|stories|fiction|novels?|' +
  'abuse|trafficking|labou?r|support|safety|safeguarding|daycare|nursery|nurseries)';

/** Verbs for looking after, teaching or having minors: "tutors high-school freshmen". */
export const CARE_VERBS =
  '(?:teach(?:es|ing)?|taught|tutor(?:s|ed|ing)?|coach(?:es|ed|ing)?|mentor(?:s|ed|ing)?|' +
  'babysit(?:s|ting)?|babysat|raise[sd]?|raising|rear(?:s|ed|ing)?|foster(?:s|ed|ing)?|' +
  'adopt(?:s|ed|ing)?|nann(?:y|ies|ied|ying)|home' +
  HY +
  '?school(?:s|ed|ing)?|chaperon(?:e|es|ed|ing)|supervis(?:e|es|ed|ing)|counsel(?:s|l?ed|l?ing)?|' +
  'treat(?:s|ed|ing)?|cares?\\s+for|cared\\s+for|caring\\s+for|looks?\\s+after|looked\\s+after|' +
  'looking\\s+after|takes?\\s+care\\s+of|took\\s+care\\s+of|taking\\s+care\\s+of|' +
  '(?:works?|worked|working|volunteers?|volunteered|volunteering)\\s+(?:with|at|in|for)|' +
  'reads?\\s+to|protect(?:s|ed|ing)?|rescue[sd]?|rescuing|saves?|saved|saving|' +
  'help(?:s|ed|ing)?|feeds?|fed|entertain(?:s|ed|ing)?|instruct(?:s|ed|ing)?|train(?:s|ed|ing)?|' +
  'runs?|ran|running|owns?|owned|manag(?:e|es|ed|ing)|direct(?:s|ed|ing)?|lead(?:s|ing)?|led|' +
  'guid(?:e|es|ed|ing)|mother(?:s|ed|ing)|father(?:s|ed|ing)|parent(?:s|ed|ing)|' +
  'spoil(?:s|ed|ing)?|dot(?:e|es|ed|ing)\\s+on|(?:is|are|was)\\s+(?:good|great|wonderful|' +
  'gentle|patient|kind|amazing|brilliant|lovely)\\s+with)';
