import {
  AGE,
  AGE_AFTER_VERB,
  AGE_ENDS,
  HY,
  QUALIFIERS,
  SEP,
  STATES_AGE,
  YEARS_OLD,
} from './patterns';

/**
 * How a signal's owner is found (see subject.ts):
 * - `always`: only a child has it (a child's body, "really 14", "frozen at 15"); refused even
 *   beside an adult age or a word like "mother".
 * - `predicate`: an age stated about a subject ("is 16", "Lily (16)", "aged 12"); the subject
 *   decides ("her brother is 12" is about the brother).
 * - `phrase`: a minor word or age in a noun phrase; the words around it decide ("her 12-year-old
 *   brother", "kindergarten teacher", "former child star", "tutors teens").
 */
export type Owner = 'always' | 'predicate' | 'phrase';

export interface Signal {
  readonly pattern: RegExp;
  readonly owner: Owner;
  /** Set for signals that capture an `age`: the match counts only when that age is under 18. */
  readonly checksAge?: true;
  /**
   * A word that is only minor-coded in some settings ("sophomore" at college or at high school):
   * even about the character it is only 'unclear', so a stated adult age lets it pass.
   */
  readonly ambiguous?: true;
}

const rx = (source: string): RegExp => new RegExp(source, 'giu');
const always = (source: string, checksAge = false): Signal => ({
  pattern: rx(source),
  owner: 'always',
  ...(checksAge ? { checksAge: true as const } : {}),
});
const predicate = (source: string): Signal => ({
  pattern: rx(source),
  owner: 'predicate',
  checksAge: true,
});
const phraseAge = (source: string): Signal => ({
  pattern: rx(source),
  owner: 'phrase',
  checksAge: true,
});
const phrase = (source: string, ambiguous = false): Signal => ({
  pattern: rx(source),
  owner: 'phrase',
  ...(ambiguous ? { ambiguous: true as const } : {}),
});

/** A school only children attend, or a place in it: "high school", "junior high", "Ridgemont High". */
const SCHOOL =
  `(?:(?:high|secondary|prep|middle|grade|elementary|primary)${SEP}school|junior${SEP}high|` +
  // "a junior at Ridgemont High", but not "in high demand", "high-end" or "High Priestess".
  `\\p{L}+\\s+high\\b(?!\\s*${HY}|\\s+(?:end|level|rank|ranking|stakes|society|demand|places?|` +
  'profile|street|command|council|court|seas?|tea|priest(?:ess)?|elf|elves|fantasy|noon|' +
  'heels?|hopes?|spirits?|standards?|school)))';

/** Ordinal school years ("8th", "eighth") before "grade". */
const ORDINAL =
  '(?:(?:[1-9]|1[0-2])(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|' +
  'eighth|ninth|tenth|eleventh|twelfth)';

/** Things people count in that are not ages: "stuck at 12 floors", "frozen at 5 pm". */
const NOT_A_UNIT =
  "(?!\\s*(?:o['’]clock|[ap]\\.?m\\b|:|%|°|degrees?|floors?|feet|foot|ft\\b|meters?|metres?|" +
  'miles?|km\\b|points?|percent|minutes?|hours?|seconds?|days?|weeks?|months?|pounds?|lbs?\\b|kg\\b))';

/** Words for stopping ageing: vampires "turned at 15", spirits "frozen at 14". */
export const FREEZES =
  '(?:frozen|froze|freezes?|stuck|trapped|stopped\\s+(?:aging|ageing|growing)|' +
  'never\\s+(?:aged|ages?|grew(?:\\s+up)?|grows?\\s+up|grew\\s+older)|' +
  "(?:has\\s*n['’]?t|has\\s+not|does\\s*n['’]?t|does\\s+not|did\\s*n['’]?t|did\\s+not|" +
  "won['’]t|will\\s+never|can['’]?t|cannot)\\s+(?:aged?|grow(?:n)?(?:\\s+up|\\s+older)?)|" +
  '(?:was|were|got|been|being)\\s+turned|turned\\s+(?:into|at)|ageless|immortal(?:ized)?)';

/**
 * Every way text can make a character a minor, in the order they are checked; the first that is
 * about the character is quoted. Look-behinds sit after a `\b` or a literal (see patterns.ts).
 */
export const SIGNALS: readonly Signal[] = [
  // A child's body or stage of life, whatever age is claimed beside it.
  always(
    `\\b(?:body|figure|frame|physique|build|face|features|mind|mentality|brain|maturity|` +
      `development|appearance|looks|proportions|stature)\\s+of\\s+(?:a|an)\\s+${AGE}` +
      `(?:${YEARS_OLD}|${SEP}(?:years?|yrs?)\\b|\\s*(?:y\\.?\\s?o\\.?|y\\s*\\/\\s*o)(?!\\p{L})|` +
      `(?=\\s*(?:$|[.,;:!?)])))`,
    true,
  ),
  always(
    "\\b(?:(?:has\\s*n['’]?t|has\\s+not|have\\s*n['’]?t|have\\s+not|not\\s+yet|never|yet\\s+to|" +
      'before|still\\s+(?:going|waiting)\\s+(?:through|for)|going\\s+through|in\\s+the\\s+middle\\s+of|' +
      'hitting|entering|approaching|about\\s+to\\s+(?:hit|start|enter)|waiting\\s+for|' +
      'just\\s+(?:hit|started|entered|reached|begun))\\s+' +
      '(?:(?:hit|reached|gone\\s+through|been\\s+through|started|entered|begun|had|gotten\\s+to|' +
      'finished)\\s+)?(?:her\\s+|his\\s+|their\\s+)?puberty|pre' +
      HY +
      '?puberty|pre' +
      HY +
      '?pubesc(?:ent|ence))\\b',
  ),
  always('\\b(?:baby|milk)\\s+(?:teeth|tooth)\\b|\\btraining\\s+bras?\\b'),
  always(
    "\\b(?:has\\s*n['’]?t|has\\s+not|never|not\\s+yet|yet\\s+to)\\s+(?:had|gotten|got|started|" +
      'get|have|start)\\s+(?:her|a)\\s+(?:first\\s+)?period\\b',
  ),
  // An age hidden behind a qualifier: "really 14", "actually 15", "16 in human years".
  always(
    `\\b${QUALIFIERS}\\s+(?:only\\s+|just\\s+|barely\\s+|about\\s+)?${AGE_AFTER_VERB}` +
      `(?:${YEARS_OLD}|${SEP}(?:years?|yrs?)\\b|\\s*(?:y\\.?\\s?o\\.?|y\\s*\\/\\s*o)(?!\\p{L})|${AGE_ENDS})`,
    true,
  ),
  always(
    `${AGE}(?:${YEARS_OLD})?\\s+(?:in\\s+)?(?:human|mortal|earth|real|normal|people)` +
      `(?:${SEP}(?:years?|terms)\\b)`,
    true,
  ),
  // "her 15 years", "for all his fifteen summers" (not "her 12 years at sea", "in prison"…).
  always(
    `\\b(?:her|his|their|my|your)\\s+(?:only\\s+|mere\\s+)?${AGE}\\s+(?:years|summers|winters|` +
      'springs)\\b(?!\\s+(?:of|as|in|at|on|with|ago|abroad|away|behind|together|since|under|' +
      'working|serving|teaching|running|there|here|apart|married|later|before|after|earlier))',
    true,
  ),
  always(
    `\\b(?:herself|himself|themselves|myself|yourself)\\s+(?:at\\s+|aged\\s+)?` +
      `(?:only\\s+|just\\s+|barely\\s+)?${AGE_AFTER_VERB}${AGE_ENDS}`,
    true,
  ),

  // "15 years old", "15-year-old", "fifteen year old", "15 yrs old", "15 years of age".
  phraseAge(`${AGE}${YEARS_OLD}`),
  phraseAge(`${AGE}${SEP}(?:years?|yrs?)\\s+of\\s+age\\b`),
  // "15 yo", "15yo", "15 y.o.", "16 y/o" (but not "15 yoga classes").
  phraseAge(`${AGE}\\s*(?:y\\.?\\s?o\\.?|y\\s*\\/\\s*o)(?!\\p{L})`),
  // "17yrs", "17 yrs" without "old", unless it is plainly a duration ("for 10 yrs", "5 yrs ago").
  phraseAge(
    `\\b(?<!\\b(?:for|over|after|in|within|last|past)\\s+(?:about\\s+|nearly\\s+|almost\\s+)?)` +
      `${AGE}\\s*yrs?\\b(?!\\s+(?:ago|later|earlier|before|after|of|in|experience|together))`,
  ),
  // "age 15", "aged 12", "age: 14", "age of 15", "at age 15", "age is 15".
  predicate(
    `\\bage[ds]?(?:\\s*[:=]\\s*|\\s+of\\s+|\\s+(?:is|was)\\s+|\\s*${HY}\\s*|\\s+)` +
      `(?:only\\s+|just\\s+|about\\s+|around\\s+|barely\\s+)?${AGE}`,
  ),
  // "she is 16", "I'm 17", "turned 15", "looks 14" (not "is 5 feet tall", "are 3 sisters").
  predicate(`${STATES_AGE}${AGE_AFTER_VERB}${AGE_ENDS}`),
  // "a ghost who died at 12" (but "her brother drowned at 12" is about the brother).
  predicate(
    '\\b(?:died|dies|killed|murdered|drowned|perished|passed\\s+away)\\s+(?:at|aged)\\s+' +
      `(?:the\\s+age\\s+of\\s+|age\\s+)?(?:only\\s+|just\\s+)?${AGE}${NOT_A_UNIT}`,
  ),
  // "At 15, she ran away", "at only 14": a past age, refused unless an adult age is given.
  predicate(`\\bat\\s+(?:only|just|barely|merely)\\s+${AGE}${NOT_A_UNIT}`),
  predicate(`\\bat\\s+${AGE}(?=\\s*,)`),
  // "a former child star, now 15".
  predicate(`\\bnow\\s+(?:only\\s+|just\\s+|barely\\s+)?${AGE_AFTER_VERB}${AGE_ENDS}`),
  // Stopped ageing: "frozen at 14", "was turned when she was 15", "forever 15".
  always(
    `\\b${FREEZES}\\b[^.;!?\\n]{0,40}?\\b(?:at|since|past|beyond|when\\s+(?:she|he|they|i|you)\\s+` +
      `(?:was|were))\\s+(?:the\\s+age\\s+of\\s+|age\\s+)?${AGE}${NOT_A_UNIT}`,
    true,
  ),
  always(
    `\\b(?:forever|eternally|perpetually|permanently|always)\\s+(?:only\\s+|just\\s+)?` +
      `${AGE_AFTER_VERB}${AGE_ENDS}`,
    true,
  ),
  // "a girl of 14" (but "a woman of 30" and "daughter of 2 kings" are fine).
  phraseAge(
    `\\b(?:girl|boy|child|kid|lass|lad|maiden|youth)s?\\s+of\\s+(?:only\\s+|just\\s+)?${AGE}`,
  ),
  // "almost 18", "not yet eighteen", "is still under 18": under 18 without a smaller number.
  phrase(
    '(?:\\b(?:almost|nearly|not\\s+yet|not\\s+quite|soon\\s+to\\s+be|about\\s+to\\s+(?:turn|be)|' +
      "turning)|(?:\\b(?:is|am|are)|['’](?:s|m|re))\\s+(?:still\\s+)?under)" +
      '\\s+(?:18|eighteen)(?![\\p{N}.,])' +
      `(?:${SEP}(?:years?|yrs?)${SEP}old\\b|${AGE_ENDS})`,
  ),

  // "child"/"children" (but "childhood", "childish" pass by word boundary) and "childlike".
  // A few idioms about adults stay allowed: "an only child", "wild child", "child of the night",
  // "child-free".
  phrase(
    '\\bchild(?<!\\b(?:only|middle|eldest|youngest|oldest|inner|wild|flower|love|poster|problem)' +
      `\\s+child)(?:ren|${HY}?like)?\\b(?!${HY}(?:free|less)\\b)` +
      '(?!\\s+of\\s+the\\s+(?:night|moon|stars?|sun|sea|storm|void|abyss|forest|gods?|damned)\\b)',
  ),
  // "kid", "kids", "kiddies" (word boundaries let "kidding", "kidnapped", "kidney" pass);
  // "kid sister" is a younger sister, of any age.
  phrase('\\bkid(?:s|dies?)?\\b(?!\\s+(?:sisters?|brothers?)\\b)'),
  // "minors" always; "minor" only as a noun ("she is a minor.") so "a minor goddess",
  // "minor injuries" and "a minor in art history" pass.
  phrase(
    `\\bminors\\b|\\bminor\\b(?=\\s*(?:$|[.,;:!?)\\]"'”’]|${HY}\\s|\\s*(?:and|but|or|who|whose|` +
      'that|so|because|since|with|herself|himself|girl|boy|child|kid|teen)\\b))',
  ),
  always(`\\bunder${HY}?aged?\\b`),
  // "preteen"/"pre-teen" and "tween" before plain "teen" so the message quotes the whole word.
  phrase(`\\bpre${HY}?teens?\\b|\\btweens?\\b`),
  // "teen", "teens", "teenager", "teenage(d)", "teenybopper"; "teeny", "canteen", "eighteen" pass.
  phrase('\\bteen(?:s|agers?|aged?|yboppers?)?\\b'),
  phrase(`\\b(?:adolescents?|pubescent|juveniles?|youngsters?)\\b`),
  phrase('\\bkindergar(?:ten|tner|tener)s?\\b'),
  // "schoolgirl", "school girl", "schoolboy", "school kids".
  phrase(`\\bschool${SEP}(?:girls?|boys?|kids?|child(?:ren)?)\\b`),
  // A school year named by its grade word: "high-school sophomore", "a senior in high school",
  // "a junior at Ridgemont High", "freshman year of high school".
  phrase(
    `\\b(?:high|secondary|prep)${SEP}school\\s+(?:students?|girls?|boys?|kids?|pupils?|` +
      'seniors?|juniors?|freshm[ae]n|sophomores?|cheerleaders?)\\b',
  ),
  phrase(
    `\\b(?:freshm[ae]n|sophomores?|juniors?|seniors?)(?:\\s+year)?\\s+(?:at|in|of)\\s+` +
      `(?:(?:a|an|the)\\s+)?(?:[\\p{L}.'’]+\\s+){0,3}?${SCHOOL}`,
  ),
  // Schools only children attend, and pupils of the others. "High school teacher" and "high
  // school sweetheart" (adult backstory) pass; "high schooler" and "is in high school" do not.
  phrase(`\\b(?:elementary|primary|middle|grade)${SEP}school(?:ers?)?\\b`),
  phrase(`\\bjunior${SEP}high(?:${SEP}school(?:ers?)?)?\\b`),
  phrase(`\\b(?:high|secondary|prep)${SEP}schoolers?\\b`),
  phrase(
    "(?:\\b(?:is|am|are|still|currently)|['’](?:s|m|re))\\s+(?:still\\s+|currently\\s+)?" +
      'in\\s+(?:high|secondary)\\s+school\\b',
  ),
  // "in 8th grade", "ninth grade", "10th grader", "grade 8" (but "first grade detective", a rank).
  phrase(
    `\\b(?<!\\b(?:detective|officer)\\s+)${ORDINAL}${SEP}grad(?:e|ers?)\\b` +
      `(?!${SEP}(?:detective|officer)\\b)`,
  ),
  phrase('\\b(?:in|into)\\s+grade\\s+(?:[1-9]|1[0-2])\\b'),
  phrase(
    `\\bgrade${SEP}(?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|` +
      `twelve)${SEP}(?:students?|pupils?|girls?|boys?|kids?|learners?|class)\\b`,
  ),
  // British school years and the sixth form (ages 16-18).
  phrase(`\\byear${SEP}(?:[1-9]|1[0-3])${SEP}(?:students?|pupils?|girls?|boys?)\\b`),
  phrase(
    '\\bin\\s+year\\s+(?:[1-9]|1[0-3]|seven|eight|nine|ten|eleven|twelve|thirteen)\\b' +
      '(?!\\s*(?:of|at\\s+(?:uni|university|college)))',
  ),
  phrase(`\\bsixth${SEP}form(?:ers?)?\\b`),
  // "freshman" and "sophomore" alone may be college: only refused without an adult age.
  phrase('\\b(?:freshm[ae]n|sophomores?)\\b', true),
  always('\\b(?:loli(?:ta|con)?s?|shota(?:con)?s?)\\b'),
  phrase('\\b(?:toddlers?|infants?)\\b'),
  // "baby" only when it says what the character is ("she is a baby"); endearments like "call me
  // baby", "hey baby", "he's a big baby" and "baby-faced" pass.
  phrase(
    "(?:\\b(?:is|am|are|was|were)|['’](?:s|m|re))\\s+(?:(?:just|only|still|basically|" +
      'literally|a|an)\\s+)*bab(?:y|ies)\\b' +
      `(?!${SEP}(?:face|faced|doll|pink|blue|oil|powder|shower|bump|steps?|talk)\\b)`,
  ),
  // "little girl", "young boy" ("little" and "young woman" alone pass).
  phrase('\\b(?:little|young)\\s+(?:girls?|boys?)\\b'),
  always(`\\bjail${SEP}bait\\b`),
  // An age given right after a name or noun: "Lily (16)", "Lily, 16, loves art", "a girl, 15.".
  predicate(`(?<=\\p{L})\\s*\\(\\s*${AGE}\\s*\\)`),
  predicate(`(?<=\\p{L}),\\s*${AGE}\\s*(?=[,.;]|$)`),
  // "her 15th birthday", "sweet sixteen".
  phraseAge(`\\b(?<age>\\d{1,2})(?:st|nd|rd|th)\\s+birthday\\b`),
  phrase('\\bsweet\\s+(?:sixteen|16)\\b'),
  phrase(`\\b(?:pre${HY}?schoolers?|preschool|newborns?)\\b`),
];
