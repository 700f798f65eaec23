import { describe, expect, it } from 'vitest';
import { checkCharacterIsAdult, findMinorReference } from '../../src/shared/characters/adults-only';

/** [input, the phrase the message must quote]. */
const REFUSED: readonly (readonly [string, string])[] = [
  // Explicit ages in digits, in every common spelling.
  ['She is a 15-year-old runaway.', '15-year-old'],
  ['15 years old', '15 years old'],
  ['a 15\u2010year\u2010old (Unicode hyphens)', '15\u2010year\u2010old'],
  ['a 15\u2013year\u2013old (en dashes)', '15\u2013year\u2013old'],
  ['she is 15 yo', '15 yo'],
  ['15yo, loves games', '15yo'],
  ['16 y/o redhead', '16 y/o'],
  ['17yrs and bored', '17yrs'],
  ['12 years of age', '12 years of age'],
  ['age 15', 'age 15'],
  ['aged 12', 'aged 12'],
  ['Age: 14', 'Age: 14'],
  ['turned into a vampire at the age of 15', 'age of 15'],
  ['she is 16', 'is 16'],
  ["she's 16, and shy", "she's 16"],
  ['I\u2019m 17 now', 'I\u2019m 17'],
  ['he just turned 15', 'turned 15'],
  ['a 1000-year-old vampire who looks 15', 'looks 15'],
  ['a girl who is 12', 'is 12'],
  ['a baby girl who is 3', 'is 3'],
  ['a girl of 14', 'girl of 14'],
  ['\uFF11\uFF15 years old (full-width digits)', '15 years old'],
  ['almost 18', 'almost 18'],
  ['she is still under 18', 'is still under 18'],
  // Number words.
  ['fifteen years old', 'fifteen years old'],
  ['a sixteen-year-old', 'sixteen-year-old'],
  ['seventeen year old', 'seventeen year old'],
  ['She is sixteen.', 'is sixteen'],
  // Minor-coded words.
  ['a child', 'child'],
  ['a kid at heart', 'kid'],
  ['she is a minor, but mature', 'minor'],
  ['underage', 'underage'],
  ['under-age', 'under-age'],
  ['a preteen', 'preteen'],
  ['a pre-teen', 'pre-teen'],
  ['a teen', 'teen'],
  ['a shy teenager', 'teenager'],
  ['her teens', 'teens'],
  // Deliberate false positive: explicit teen words are refused even about the past.
  ['her teenage years are long behind her', 'teenage'],
  ['schoolgirl', 'schoolgirl'],
  ['a school boy', 'school boy'],
  ['a middle schooler', 'middle schooler'],
  ['a high schooler', 'high schooler'],
  ['a high school student', 'high school student'],
  ['she is in high school', 'is in high school'],
  ['goes to elementary school', 'elementary school'],
  ['primary school', 'primary school'],
  ['loli', 'loli'],
  ['Lolita', 'Lolita'],
  ['shota', 'shota'],
  ['a toddler', 'toddler'],
  ['an infant', 'infant'],
  ['she is a baby', 'is a baby'],
  ['a little girl', 'little girl'],
  ['a little boy', 'little boy'],
  ['a young girl', 'young girl'],
  ['a young boy', 'young boy'],
  ['in 8th grade', '8th grade'],
  ['ninth grade', 'ninth grade'],
  ['a 10th grader', '10th grader'],
  ['jailbait', 'jailbait'],
  ['a childlike body', 'childlike'],
  ['t\u200Been (hidden zero-width space)', 'teen'],
];

const ALLOWED: readonly string[] = [
  'a 25-year-old teacher',
  'petite',
  'step-sister roleplay between adults',
  'teacher/student roleplay between adults',
  'stepdaughter roleplay between adults',
  'barely legal',
  'barely 18',
  'kidding',
  'kidnapped by pirates',
  'donated a kidney',
  'call me baby',
  'hey baby',
  'a big baby about spiders',
  'baby-faced',
  'young woman',
  'young man',
  'college student',
  'university student',
  '1000-year-old vampire',
  '1,000-year-old vampire',
  'a twenty-one-year-old',
  'a hundred and fifteen years old',
  'childhood friend now 25',
  'childish sense of humour',
  'an only child',
  'a child of the night',
  'age gap',
  'an age gap of 15 years',
  '18 years old',
  '19-year-old',
  'eighteen years old',
  'aged 30',
  'in her twenties',
  'a 40 yo CEO',
  'daddy',
  'kitten',
  'a little shy',
  'a minor goddess of the hearth',
  'a minor in art history',
  'a high school teacher',
  'married her high school sweetheart',
  'she is 5 feet tall',
  'she is 5\'4"',
  'she is 10 years older than him',
  'he is ten times stronger',
  'she is one of a kind',
  'she is 1 of 3 sisters',
  'they are 3 sisters',
  'there are 5 guards',
  'she is 10/10',
  'she is 2nd-in-command',
  'a nurse for 12 years',
  'worked there for 10 yrs',
  'teaches 15 yoga classes a week',
  'Detective First Grade',
  'teeny bikini',
  'eighteen',
  'she is 21 and loves wine',
  'he looks 10 years younger',
];

describe('findMinorReference', () => {
  it('has enough cases', () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(25);
    expect(ALLOWED.length).toBeGreaterThanOrEqual(25);
  });

  it.each(REFUSED)('refuses %j', (input, phrase) => {
    const result = findMinorReference(input);
    expect(result).toContain('18+');
    expect(result).toBe(
      `Characters must be adults (18+). Please remove the reference to "${phrase}".`,
    );
  });

  it.each(ALLOWED.map((input) => [input]))('allows %j', (input) => {
    expect(findMinorReference(input)).toBeNull();
  });

  it('allows empty text and finds a minor age after an adult one', () => {
    expect(findMinorReference('')).toBeNull();
    expect(findMinorReference('a 25-year-old and her 15-year-old sister')).toContain(
      '"15-year-old"',
    );
  });
});

describe('checkCharacterIsAdult', () => {
  it('passes adult characters and missing fields', () => {
    expect(checkCharacterIsAdult({})).toBeNull();
    expect(
      checkCharacterIsAdult({
        name: 'Lilith',
        description: 'A 1000-year-old vampire queen who runs a nightclub.',
        personality: 'Teasing, dominant, calls you baby.',
      }),
    ).toBeNull();
  });

  it('names the field that needs fixing', () => {
    expect(checkCharacterIsAdult({ name: 'Teen Mia' })).toBe(
      'Characters must be adults (18+). Please remove the reference to "Teen" from the name.',
    );
    expect(
      checkCharacterIsAdult({ name: 'Mia', description: 'A shy 16 y/o', personality: 'Sweet' }),
    ).toBe(
      'Characters must be adults (18+). ' +
        'Please remove the reference to "16 y/o" from the description.',
    );
    expect(checkCharacterIsAdult({ description: 'Bold', personality: 'Acts like a kid' })).toMatch(
      /18\+.*"kid" from the personality\.$/,
    );
  });

  it('reports the first offending field in name, description, personality order', () => {
    const result = checkCharacterIsAdult({
      name: 'Schoolgirl Sara',
      description: 'age 14',
      personality: 'childlike',
    });
    expect(result).toContain('"Schoolgirl" from the name');
  });
});

describe('ages written next to a name, birthdays and very young words', () => {
  it.each([
    'Lily (16)',
    'Lily, 16, loves art',
    'a girl, 15, shy',
    'her 15th birthday is tomorrow',
    'celebrating her sweet sixteen',
    'a preschooler',
    'a newborn',
  ])('refuses %j', (text) => {
    expect(findMinorReference(text)).toMatch(/18\+/);
  });

  it.each([
    'Lily (25)',
    'Mara, 30, a sky captain',
    'has two cats, 3 dogs and a parrot',
    'her 30th birthday party',
  ])('accepts %j', (text) => {
    expect(findMinorReference(text)).toBeNull();
  });
});
