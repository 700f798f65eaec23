import {
  CARE_VERBS,
  GUARDIANS,
  HY,
  HY_CHARS,
  PERSON_NOUNS,
  RELATIVES,
  SERVING_ROLES,
} from './patterns';
import { FREEZES } from './signals';

/**
 * Whose age or stage of life a matched phrase is about:
 * - 'self': the character's; refused.
 * - 'other': someone else's (a relative, a pupil), a job done for children, or the character's
 *   past ("former child star"); allowed.
 * - 'unclear': a mention that may well be someone else ("loves kids", "was a teen", "started
 *   dancing at age 5"); allowed only when the text also gives the character an adult age.
 *
 * Everything here looks at short windows around the match (a bounded number of characters), so
 * the cost per match is constant and the whole check stays linear in the text's length.
 */
export type Holder = 'self' | 'other' | 'unclear';

const rx = (source: string) => new RegExp(source, 'iu');

/** How far the context checks look back and ahead, in characters. */
const BEFORE = 90;
const AFTER = 60;

/** A word that is not a function word (for the one adjective allowed in some gaps). */
const CONTENT_WORD =
  '(?!(?:who|whom|that|which|with|and|or|but|is|am|are|was|were|be|has|have|had|a|an|the|to|' +
  `of|in|at|for|on|like|as|by|from|about|around|among)\\b)[\\p{L}${HY_CHARS}]+`;

/** A possessive determiner: "her kids", "whose son". */
const POSSESSIVE = '\\b(?:her|his|their|my|your|our|whose)';

/** Words after a match that make it describe the character's own body, mind or self. */
const SELF_AFTER = rx(
  `^(?:['’]s|s['’]|['’])?(?:\\s*${HY}\\s*|\\s+)(?:${CONTENT_WORD}\\s+)?` +
    '(?:body|bodies|figure|frame|physique|build|face|features|looks?|appearance|proportions|' +
    'mind|mentality|brain|heart|soul|self|selves|persona|form|version|behaviou?r|attitude|' +
    'personality|energy|vibes?|stature|height|chest|breasts|hips|curves|sizes?|herself|' +
    'himself|themselves|myself|yourself)\\b',
);

/** Words before a match that make the character be, act or look like it. */
const SELF_BEFORE = rx(
  '(?:\\b(?:body|figure|frame|physique|build|face|features|looks|appearance|proportions|' +
    'mind|mentality|brain|heart|soul|maturity|height|stature)\\s+(?:of|like)\\s+|' +
    '\\b(?:other|fellow)\\s+|' +
    '\\b(?:like|resembl(?:es?|ing)|pass(?:es)?\\s+for|passing\\s+for|mistaken\\s+for|' +
    'taken\\s+for|disguised\\s+as|dressed\\s+(?:up\\s+)?as|dresses\\s+(?:up\\s+)?as|' +
    'roleplays?\\s+as|role-plays?\\s+as|roleplaying\\s+as|poses?\\s+as|posing\\s+as|' +
    'pretends?\\s+to\\s+be|pretending\\s+to\\s+be|acts?\\s+as|acting\\s+as|behaves?\\s+as|' +
    'talks?\\s+as|identif(?:y|ies)\\s+as|presents?\\s+as|lives?\\s+as|living\\s+as|' +
    'becomes?|turns?\\s+into|transforms?\\s+into|call(?:s|ed|ing)?\\s+(?:her|him|them|me)|' +
    'nicknamed?|plays?|playing|portrays?|portraying|voices?|voicing|the\\s+role\\s+of|' +
    '(?:treated|regarded|seen|considered|viewed|known|described|drawn|written|depicted|' +
    'portrayed|cast|mistaken|reborn|reincarnated)\\s+as)\\s+' +
    `(?:(?:a|an|the|her|his|their|some)\\s+)?(?:${CONTENT_WORD}\\s+)?)$`,
);

/** Plural possessives ("children's", "kids'") or a kid's parent or teacher ("a 9th grader's mom"). */
const FOR_CHILDREN_AFTER = rx(
  `^(?:(?:['’]s|s['’]|['’])\\s+(?:${CONTENT_WORD}\\s+)?(?:moms?|mums?|mothers?|dads?|fathers?|` +
    'parents?|guardians?|teachers?|tutors?|nann(?:y|ies)|coach(?:es)?|babysitters?)\\b|' +
    `(?:['’]s|s['’]|['’])?(?:\\s*${HY}\\s*|\\s+)(?:${CONTENT_WORD}(?:\\s*${HY}\\s*|\\s+))?` +
    `${SERVING_ROLES}\\b|${HY}(?:friendly|free|safe|proof|appropriate)\\b)`,
);
/** "children's hospital", "kids' menu": anything belonging to children in the plural. */
const PLURAL_POSSESSIVE = /^(?:children|kids|kiddies|teens|teenagers|toddlers|minors)$/iu;

/** "a teen girl", "teenage son", "12-year-old brother": the match is a person's description. */
const PERSON_AFTER = rx(`^(?:\\s*${HY}\\s*|\\s+)(?:${CONTENT_WORD}\\s+)?${PERSON_NOUNS}\\b`);
/** The match ends a noun phrase ("has a 12-year-old.", "a 15-year-old who…"). */
const PHRASE_ENDS_AFTER = rx(
  '^(?:\\s*(?:$|[.,;:!?()…—–])|\\s+(?:who|whom|whose|and|or|but|at|in|from|with|of|that|' +
    'named|called|to|for)\\b)',
);

/** Matches that name people (so "her kids" is someone else's, not the character's). */
const PERSON_MATCH =
  /(?:kids?|kiddies|child(?:ren)?|teens|teenagers?|toddlers?|infants?|newborns?|bab(?:y|ies)|minors?|tweens|pre.?teens|adolescents?|youngsters?|juveniles?|girls?|boys?|students?|pupils?|freshm[ae]n|sophomores?|juniors?|seniors?|schoolers?|graders?|kindergart(?:e)?ners?|cheerleaders?)$/iu;
/** Matches that name a school or class ("teaches 8th grade", "works at a middle school"). */
const PLACE_MATCH = /(?:school|grade|kindergarten|preschool|high|form|year\s+\w+)$/iu;
/** An age range rather than a person: "her teens", "her teenage years". */
const AGE_RANGE_MATCH = /^(?:teens|teenage|teenaged|pre.?teens|tweens)$/iu;
const IN_AGE_RANGE = rx(
  '\\b(?:in|into)\\s+(?:her|his|their|my|your|our)\\s+(?:(?:early|late|mid)\\s+)?$',
);

/** A copula or "became" right before the match, with at most one adjective: "she is a shy …". */
const COPULA_END = rx(
  '(?:\\b(?<verb>is|am|are|was|were|be|been|being|becomes?|became|remains?|remained|stays?|' +
    "stayed)|['’](?<contracted>s|re|m))\\s+(?:(?:still|just|only|basically|literally|really|" +
    'actually|clearly|obviously|very|such|quite|so|now|forever|always|also|not|no\\s+longer|' +
    'barely|merely|technically|secretly)\\s+)*(?:(?:in|into|at|attending)\\s+)?' +
    '(?:(?:a|an|the|one|some)\\s+)?' +
    `(?:(?!\\p{L}*ing\\b)${CONTENT_WORD}\\s+)?$`,
);

/**
 * The subject of "is 12" / "aged 12" / "(12)" is someone else: "her little brother is 12",
 * "whose daughter is 15", "has a son, 12", "her son Tom (12)", "kids who are 5 and 7".
 */
const OTHER_SUBJECT = rx(
  `(?:${POSSESSIVE}\\s+(?:${CONTENT_WORD}\\s+){0,3}?|` +
    `\\b(?:has|have|had|having|with|of|to|for|${CARE_VERBS})\\s+` +
    `(?:(?:a|an|one|two|three|four|five|six|\\d+)\\s+)?(?:${CONTENT_WORD}\\s+){0,2}?)` +
    `${PERSON_NOUNS}(?:\\s+\\p{Lu}\\p{L}*)?\\s*,?\\s*(?:(?:who|that)\\s+)?$`,
);
/** "her kids, who are 5 and 7", "students that are 15": the antecedent is someone else. */
const OTHER_ANTECEDENT = rx(`\\b${RELATIVES}\\s*,?\\s+(?:who|that)\\s+$`);

/** "when she was 12", "since he was a kid", "as a child": the character's past. */
const PAST_SUBJECT = rx(
  '\\b(?:when|since|before|until|till|while|after|ever\\s+since|back\\s+when)\\s+' +
    '(?:she|he|they|i|you|we)\\s*$',
);
/** Past anchors right before a phrase: "former child star", "ex-teen idol", "once a child". */
const PAST_BEFORE = rx(
  '(?:\\b(?:former|formerly|once|one[\\s\\-\\u2010\\u2011]?time|onetime|erstwhile|retired|reformed|' +
    `then)|\\bex)(?:\\s*${HY}\\s*|\\s+)(?:(?:a|an|the)\\s+)?(?:${CONTENT_WORD}\\s+)?$|` +
    '\\b(?:when|since|before|until|till|ever\\s+since|back\\s+when)\\s+(?:she|he|they|i|you|we)\\s+' +
    '(?:was|were|turned|reached|hit|started|entered|finished|left|got)\\s+' +
    '(?:(?:a|an|in|only|just|about|still|into|out\\s+of)\\s+){0,2}$|' +
    `\\bused\\s+to\\s+be\\s+(?:(?:a|an)\\s+)?(?:${CONTENT_WORD}\\s+)?$|` +
    '\\b(?:during|throughout|since|from|after|until|till|before|back\\s+in)\\s+' +
    '(?:her|his|their|my|your|our)\\s+(?:(?:early|late|mid)\\s+)?$|' +
    '\\bgr(?:ew|owing)\\s+up\\b',
);
/** "As a child, she…": "as a" opening the clause. */
const AS_A_OPENING = rx(`^\\s*as\\s+(?:a|an)\\s+(?:${CONTENT_WORD}\\s+)?$`);
/** "she learned to swim as a child.": "as a" closing a clause. */
const AS_A_BEFORE = rx(`\\bas\\s+(?:a|an)\\s+(?:${CONTENT_WORD}\\s+)?$`);
const CLAUSE_ENDS_AFTER = rx('^\\s*(?:$|[.,;:!?)…—–]|(?:and|but)\\b)');
const PAST_TENSE =
  '(?:\\p{L}{2,}ed|was|were|had|grew|ran|went|lost|met|saw|took|got|made|spent|left|began|' +
  'became|fell|felt|knew|found|came|wrote|sang|swam|rode|fought|taught|built|sold|bought|' +
  'broke|won|drew|flew|wore|fled|hid|led|read|sat|babysat|stood|thought|told|understood)';
/** The clause's own verb right after "As a child(,)": "she loved", "he once ran", "Mara was". */
const PAST_VERB_FOLLOWS = rx(
  '^\\s*,?\\s*(?:(?:she|he|they|i|we|you|\\p{Lu}\\p{L}+)\\s+)?(?:(?:often|always|never|once|' +
    `already|also|even|still|secretly|first)\\s+)?${PAST_TENSE}\\b`,
);
const PAST_VERB = rx(`\\b${PAST_TENSE}\\b`);
const PRESENT_COPULA = /\b(?:is|am|are)\b|['’](?:s|re|m)\b/iu;

/** "her teenage years are long behind her", "…were over long ago". */
const PAST_AFTER = rx(
  '^(?:\\s+(?:years|days|phase|self|selves))?\\s+(?:(?:is|are|was|were)\\s+(?:long\\s+|well\\s+|' +
    'now\\s+)?(?:behind\\s+(?:her|him|them|me|us)|over|gone|past)|(?:is|are)\\s+(?:a\\s+)?' +
    '(?:distant\\s+)?memor(?:y|ies)|ended|passed)\\b',
);

/** A minor-ish word, for "mother of a 5-year-old and a 7-year-old" lists. */
const MINORISH = /\d|kids?|child|teen|toddler|bab(?:y|ies)|infant|grade|school/iu;
/** Words that end the reach of "mother of"/"tutors" before the match. */
const BREAKS =
  /\b(?:and|but|or|yet|while|whereas|although|though|who|whom|which|that|is|am|are|was|were|be|been|being|herself|himself)\b|['’](?:re|m)\b/iu;

/** "mother of", "big sister to", "teacher at" somewhere before the match in the clause. */
const GUARDIAN_OF = rx(`\\b${GUARDIANS}\\s+(?:of|to|for|with|at|in)\\b`);
const CARE_VERB = rx(`\\b${CARE_VERBS}\\b`);
/** "has a 12-year-old brother", "with two kids", "has three teenagers". */
const HAS_BEFORE = rx(
  '\\b(?:has|have|had|having|with)\\s+(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|' +
    `ten|several|many|some|no|\\d+)\\s+)?(?:${CONTENT_WORD}\\s+)?$`,
);
const POSSESSIVE_BEFORE = rx(`${POSSESSIVE}\\s+(?:${CONTENT_WORD}\\s+){0,3}$`);
/** "loves kids", "surrounded by teenagers": a mention that may be about others. */
const WEAK_BEFORE = rx(
  '\\b(?:loves?|loving|likes?|adores?|hates?|dislikes?|fears?|avoids?|misses?|wants?|meets?|' +
    'watches?|around|among|amongst|about|near|towards?|by|from|with|for|surrounded\\s+by|' +
    'full\\s+of|lots\\s+of|group\\s+of|bunch\\s+of|gang\\s+of|dreams?\\s+of|wishes?\\s+for)\\s+' +
    '(?:(?:a|an|the|some|two|three|four|five|many|several|young|little|small|local|\\d+)\\s+){0,2}$|' +
    // "the oldest of five kids": the family the character grew up in.
    '\\b(?:oldest|eldest|youngest|middle|second|first|one)\\s+of\\s+(?:the\\s+)?(?:(?:two|three|' +
    'four|five|six|seven|eight|nine|ten|\\d+|many|several)\\s+)?$',
);
/** College and office words that make "freshman"/"sophomore" an adult's. */
const ADULT_SETTING =
  /\b(?:college|university|uni|campus|undergrad\w*|grad(?:uate)?\s+school|law\s+school|med(?:ical)?\s+school|senators?|congress\w*|legislat\w*|parliament\w*|MPs?|representatives?|rookie|quarterback|NCAA|dorm\w*|room-?mates?|fraternity|sorority)\b/iu;

/** A clause is cut at these. Commas too, unless a list of people continues after them. */
const HARD_BREAK = /[.;!?:()[\]\n]/gu;

function lastBreak(window: string, pattern: RegExp): number {
  let last = -1;
  for (const m of window.matchAll(pattern)) last = m.index;
  return last;
}

/** The text before `start` in the same clause (at most BEFORE characters). */
function clauseBefore(text: string, start: number, listItem: boolean): string {
  let window = text.slice(Math.max(0, start - BEFORE), start);
  window = window.slice(lastBreak(window, HARD_BREAK) + 1);
  const comma = window.lastIndexOf(',');
  if (comma === -1) return window;
  // "works with children, teens and families": a bare list item keeps the clause's verb.
  const continuesList = listItem && /^\s*(?:(?:and|or|&)\s+)?$/iu.test(window.slice(comma + 1));
  if (continuesList) return window.slice(0, comma) + ' ';
  return window.slice(comma + 1);
}

/** The text of the sentence around the match, for "frozen", "turned" and the like. */
function sentenceAround(text: string, start: number, end: number): string {
  const before = text.slice(Math.max(0, start - BEFORE), start);
  const after = text.slice(end, end + AFTER);
  const cutBefore = before.slice(lastBreak(before, /[.;!?\n]/gu) + 1);
  const stop = after.search(/[.;!?\n]/u);
  return cutBefore + ' ' + (stop === -1 ? after : after.slice(0, stop));
}

/** Whether an anchor found earlier in the clause still reaches the match (no "and is" between). */
function reaches(between: string): boolean {
  const lastBreakAt = lastBreak(between, new RegExp(BREAKS.source, 'giu'));
  if (lastBreakAt === -1) return true;
  // "mother of a 5-year-old and a 7-year-old": the list before "and" is about children too.
  const word = between.slice(lastBreakAt).match(/^\S+/u)?.[0].toLowerCase();
  return (word === 'and' || word === 'or') && MINORISH.test(between.slice(0, lastBreakAt));
}

/** Whether a guardian or care verb in the clause governs the match. */
function governedBy(clause: string, anchor: RegExp): boolean {
  const global = new RegExp(anchor.source, 'giu');
  let lastEnd = -1;
  for (const m of clause.matchAll(global)) lastEnd = m.index + m[0].length;
  return lastEnd !== -1 && reaches(clause.slice(lastEnd));
}

const FROZEN = rx(`\\b${FREEZES}\\b|\\b(?:died|killed|cursed|reborn|reincarnated)\\b`);

/** Past and unclear readings give way when the sentence says the character stopped ageing. */
function unlessFrozen(holder: Holder, sentence: string): Holder {
  return FROZEN.test(sentence) ? 'self' : holder;
}

/** Whose is an age stated about a subject: "is 16", "aged 12", "Lily (16)", "now 15". */
export function predicateHolder(text: string, start: number, end: number, match: string): Holder {
  let before = text.slice(Math.max(0, start - BEFORE), start);
  before = before.slice(lastBreak(before, /[.;!?:(\n]/gu) + 1);
  if (/^ages\b/iu.test(match.trim())) return 'other';
  if (PAST_SUBJECT.test(before)) return unlessFrozen('other', sentenceAround(text, start, end));
  if (OTHER_SUBJECT.test(before) || OTHER_ANTECEDENT.test(before)) return 'other';
  // "she was 15", "started dancing at age 5", "since age 6": a past age, maybe a backstory.
  const pastAge =
    /^\s*(?:was|were|at)\b/iu.test(match) ||
    /\b(?:at|since|from|by|until|till)\s+(?:the\s+)?$/iu.test(before);
  if (pastAge) {
    return unlessFrozen('unclear', sentenceAround(text, start, end));
  }
  return 'self';
}

/** Whose is a minor word or an age in a noun phrase: "teen", "12-year-old", "8th grade". */
export function phraseHolder(
  text: string,
  start: number,
  end: number,
  match: string,
  isAge: boolean,
): Holder {
  const after = text.slice(end, end + AFTER);
  const names = PERSON_MATCH.test(match) || PERSON_AFTER.test(after);
  const isPerson = names || (isAge && (PERSON_AFTER.test(after) || PHRASE_ENDS_AFTER.test(after)));
  const isPlace = PLACE_MATCH.test(match);
  const clause = clauseBefore(text, start, isPerson && /s$|men$|ren$/iu.test(match));
  const sentence = () => sentenceAround(text, start, end);

  if (SELF_AFTER.test(after) || SELF_BEFORE.test(clause)) return 'self';
  if (!isAge) {
    if (PLURAL_POSSESSIVE.test(match) && /^['’]s?\s+\p{L}/u.test(after)) return 'other';
    if (FOR_CHILDREN_AFTER.test(after)) return 'other';
  }
  // "in her teens" is the character's own age; "her teens" may be her past (or her children),
  // unless the text says it is over ("her teenage years are behind her").
  if (AGE_RANGE_MATCH.test(match) && !PERSON_AFTER.test(after)) {
    if (IN_AGE_RANGE.test(clause)) return 'self';
    if (PAST_AFTER.test(after) || PAST_BEFORE.test(clause))
      return unlessFrozen('other', sentence());
    if (POSSESSIVE_BEFORE.test(clause)) return unlessFrozen('unclear', sentence());
  }
  const copula = COPULA_END.exec(clause);
  if (copula) {
    const subject = clause.slice(0, copula.index);
    // "Mara's teen brother", "the neighbour's kids": "'s" before a person is a possessive.
    const possessiveS =
      copula.groups?.contracted === 's' &&
      (PERSON_AFTER.test(after) || (names && /['’]s\s+$/u.test(clause)));
    if (!possessiveS) {
      if (OTHER_SUBJECT.test(subject) || OTHER_ANTECEDENT.test(subject)) return 'other';
      if (PAST_SUBJECT.test(subject)) return unlessFrozen('other', sentence());
      if (/^(?:was|were)$/iu.test(copula.groups?.verb ?? '')) {
        return unlessFrozen('unclear', sentence());
      }
      return 'self';
    }
  }
  const past =
    PAST_BEFORE.test(clause) ||
    PAST_AFTER.test(after) ||
    (AS_A_OPENING.test(clause) && PAST_VERB_FOLLOWS.test(after)) ||
    (AS_A_BEFORE.test(clause) &&
      CLAUSE_ENDS_AFTER.test(after) &&
      PAST_VERB.test(clause) &&
      !PRESENT_COPULA.test(clause));
  if (past) return unlessFrozen('other', sentence());
  // "As a teen, she is shy": maybe the past, maybe now.
  if (AS_A_OPENING.test(clause)) return unlessFrozen('unclear', sentence());
  if (isPerson || isPlace) {
    if (POSSESSIVE_BEFORE.test(clause)) return 'other';
    if (governedBy(clause, GUARDIAN_OF) || governedBy(clause, CARE_VERB)) return 'other';
    if (isPerson && HAS_BEFORE.test(clause)) return 'other';
    if (isPerson && WEAK_BEFORE.test(clause)) return 'unclear';
  }
  return 'self';
}

/** The start of a clause, before at most a few describing words: "A petite, witty 35-year-old". */
const SUBJECT_POSITION = rx(
  `^\\s*(?:(?:a|an|the|this|she|he|i|we|they|you)\\s+)?(?:${CONTENT_WORD}\\s+){0,3}$`,
);

/**
 * Whether an age phrase describes the clause's subject ("a 35-year-old teacher", "she is a
 * 35-year-old") rather than an object ("married to a 40-year-old"): only then is it the
 * character's own age.
 */
export function describesSubject(text: string, start: number): boolean {
  const clause = clauseBefore(text, start, false);
  return SUBJECT_POSITION.test(clause) || COPULA_END.test(clause);
}

/** "sophomore" at college is an adult's; in any other setting it stays 'unclear'. */
export function ambiguousHolder(holder: Holder, text: string, start: number, end: number): Holder {
  if (holder === 'other' || ADULT_SETTING.test(sentenceAround(text, start, end))) return 'other';
  return 'unclear';
}
