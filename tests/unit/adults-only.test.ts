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
    expect(findMinorReference('a 25-year-old who is 15')).toContain('"is 15"');
  });
});

/**
 * Minor-coded characters that must never pass: ages behind a qualifier, school years named by
 * their grade word, a child's body or stage of life, and adult ages beside any of those.
 * [input, the phrase the message must quote].
 */
const NEW_REFUSED: readonly (readonly [string, string])[] = [
  // Adult age beside a child's body, grade or behaviour.
  ['She is 22 but has the body of a 12 year old.', 'body of a 12 year old'],
  ['an 18-year-old in 8th grade', '8th grade'],
  ['a 19-year-old high-school sophomore', 'high-school sophomore'],
  ['a 25-year-old in 10th grade', '10th grade'],
  ['a 23-year-old high school senior', 'high school senior'],
  ['a 21-year-old sixth grader', 'sixth grader'],
  ['a 20-year-old schoolgirl', 'schoolgirl'],
  ["a 25-year-old with a 12-year-old's body", '12-year-old'],
  ['A 25-year-old with the maturity of a 10-year-old', 'maturity of a 10-year-old'],
  ['has the mind of a 10-year-old', 'mind of a 10-year-old'],
  ['a 30-year-old who acts like a child', 'child'],
  ['a 20-year-old who looks like a child', 'child'],
  ['a 20-year-old with a childlike body', 'childlike'],
  ['a 22-year-old who looks 15', 'looks 15'],
  ['18 but looks 12', 'looks 12'],
  ['a petite 25-year-old mistaken for a 14-year-old', '14-year-old'],
  ['passes for 13', 'passes for 13'],
  ['acts 12', 'acts 12'],
  // An age hidden behind a qualifier.
  ['she is really 14', 'really 14'],
  ['Officially 18, actually 15.', 'actually 15'],
  ['She is 16 in human years.', '16 in human years'],
  ['a 300-year-old elf who is 15 in human years', '15 in human years'],
  ['technically 15', 'technically 15'],
  ['secretly 13', 'secretly 13'],
  ['a 28-year-old who is mentally 10', 'mentally 10'],
  ['she is twenty but physically twelve', 'physically twelve'],
  ['looks mature for her 15 years', 'her 15 years'],
  ['a mother of two, herself only 15', 'herself only 15'],
  ['works with minors but is one herself at 16', 'herself at 16'],
  // An age that stopped.
  ['a 1000-year-old vampire frozen at 14', 'frozen at 14'],
  ['stopped aging at 15', 'stopped aging at 15'],
  ['forever 15', 'forever 15'],
  ['a vampire who was turned at 15', 'was turned at 15'],
  ['was turned when she was 15', 'was 15'],
  ['a ghost who died at 12', 'died at 12'],
  ['As a child she was turned into a vampire.', 'child'],
  // A body or stage of life only a child has.
  ['prepubescent', 'prepubescent'],
  ["a 20-year-old who hasn't hit puberty", "hasn't hit puberty"],
  ['has not reached puberty yet', 'has not reached puberty'],
  ['still going through puberty', 'still going through puberty'],
  ["hasn't had her first period", "hasn't had her first period"],
  ['a flat-chested child', 'child'],
  ['she just lost her baby teeth', 'baby teeth'],
  ['still wears a training bra', 'training bra'],
  // School years named by their grade word.
  ['a freshman in high school', 'freshman in high school'],
  ['a senior in high school', 'senior in high school'],
  ['a junior at Ridgemont High', 'junior at Ridgemont High'],
  ['sophomore year of high school', 'sophomore year of high school'],
  ['an eighth-grader', 'eighth-grader'],
  ['a 7th-grader who loves art', '7th-grader'],
  ['she is in junior high', 'junior high'],
  ['attends junior high', 'junior high'],
  ['she is still in middle school', 'middle school'],
  ['she is in the 9th grade', '9th grade'],
  ['grade 8 student', 'grade 8 student'],
  ['in year 9 at school', 'in year 9'],
  ['a year 10 pupil', 'year 10 pupil'],
  ['a sixth former', 'sixth former'],
  ['a shy sophomore', 'sophomore'],
  // Words that change the subject do not hide the character's own age or stage.
  ['a former child star who is still 16', 'is still 16'],
  ['a kindergarten teacher who is 16', 'is 16'],
  ['A babysitter who is 14', 'is 14'],
  ['Mother of a teen, she is 15.', 'is 15'],
  ['Mother of a teen, a 15-year-old runaway', '15-year-old'],
  ['she is a mother of a teen and is 16 herself', 'is 16'],
  ['a mother of two and a teen', 'teen'],
  ['tutors kids and is a teen herself', 'teen'],
  ["tutors teens, she's 16", "she's 16"],
  ['She teaches; she is a 15 year old student.', '15 year old'],
  ['She is 25. She is 15 in reality.', 'is 15'],
  ['a teacher, 15', 'teacher, 15'],
  ['Sara (17) loves books', 'Sara (17)'],
  ["The king's 15-year-old daughter", '15-year-old'],
  ['A 15-year-old daughter of a duke', '15-year-old'],
  ['she plays her 15-year-old daughter', '15-year-old'],
  ['her 12-year-old self', '12-year-old'],
  ['Her 15-year-old body', '15-year-old'],
  ['she roleplays as a teen', 'teen'],
  ['a 19-year-old who dresses as a schoolgirl', 'schoolgirl'],
  ['They call her a kid.', 'kid'],
  ['a child bride', 'child'],
  ['a teen mom', 'teen'],
  ['has teen energy', 'teen'],
  ['in her early teens', 'teens'],
  ['She was a teen.', 'teen'],
  ['She was 15.', 'was 15'],
  ['As a teen, she is shy and has been teased.', 'teen'],
  ['She is treated as a child.', 'child'],
];

/**
 * Adults whose description mentions children in another role: their job, their family, their
 * past, whom they teach or care for, and adult words that only look like school years.
 */
const NEW_ALLOWED: readonly string[] = [
  // Jobs for children.
  'a 35-year-old kindergarten teacher',
  'a pediatric nurse',
  'a preschool teacher',
  'a middle school teacher',
  'an 8th-grade science teacher',
  'an elementary school principal',
  'a 40-year-old principal of a middle school',
  'a 45-year-old principal at a junior high',
  "a children's book author",
  'a child psychologist',
  "a kids' entertainer",
  'a 40-year-old teen counselor',
  'a 34-year-old child protection officer',
  'a 29-year-old librarian who runs a teen book club',
  "volunteers at a children's hospital",
  'works at an elementary school',
  'a 45-year-old who runs a kindergarten',
  // Whom they teach or care for.
  'tutors high-school freshmen',
  'teaches 8th grade math',
  'teaches teenagers to surf',
  'teaches sixth form students',
  'she teaches kids aged 5 to 7',
  'works with kids at a summer camp',
  'coaches a junior high volleyball team',
  'a 38-year-old swim coach for teens',
  'a nanny who looks after three children',
  "babysits the neighbour's kids",
  'She works with children, teens and families.',
  'in her thirties, she mentors teens',
  'a 31-year-old ER doctor who treats kids',
  'she is good with kids',
  'a 32-year-old daycare worker who adores toddlers',
  'a 28-year-old who loves kids',
  // Their family.
  'a mother of two teenagers',
  'a big sister to a 12-year-old brother',
  'a single dad raising two kids',
  'her kids are 5 and 7',
  'her teenage son',
  'has a 15-year-old daughter',
  'a mom to a toddler',
  'father of three kids',
  'a foster parent to two teenagers',
  'a stepmother whose stepdaughter is 14',
  'a widow with a 10-year-old son',
  'her little brother is 12',
  'her son Tom (12)',
  'a mother of a 5-year-old and a 7-year-old',
  'a 25-year-old and her 15-year-old sister',
  'her daughter is in 8th grade',
  'a mom whose kids are in middle school',
  'a 30-year-old aunt who spoils her 6-year-old niece',
  'a 60-year-old grandmother of three teenagers',
  'a 36-year-old mother of a newborn',
  "a 9th grader's mom",
  'a 30-year-old who wants children someday',
  // Their past.
  'a former child star now 28',
  'a former teen idol',
  'an ex-child actor, now 31',
  'grew up as a child actress and is now 30',
  'As a child she loved horses.',
  'As a teenager she ran away to Paris; now 30.',
  'when she was 12 she moved to Paris',
  'she learned to swim as a child.',
  'As a child, Mara was shy.',
  'As a teen, she is shy; now she is 30.',
  'her roommate from freshman year',
  'a 26-year-old gymnast who has trained since she was 6',
  'a 30-year-old ballerina who started dancing at age 5',
  'her teenage years are long behind her',
  'She is 28 and misses her teens.',
  'a 30-year-old who babysat as a teen',
  // Adult words that only look like school years or childhood.
  'a senior at university',
  'a senior at college',
  'senior engineer',
  'a grade-A student of life',
  'a college freshman',
  'a freshman senator',
  'a 19-year-old sophomore',
  'a junior doctor',
  'a 30-year-old kid sister',
  'a junior partner at a law firm',
  'a child-free 30-year-old',
  'owns a kid-friendly cafe',
  'handles rivals with kid gloves',
  'a high school dropout who is now 27',
  // Adult ages, however they are written.
  'a 500-year-old vampire',
  'looks young for her 25 years',
  'a twenty-five-year-old pilot',
  'a woman in her 30s who tutors middle schoolers',
  'baby-faced 24-year-old',
];

describe('whose age a phrase is about', () => {
  it('has at least 40 new cases of each kind', () => {
    expect(NEW_REFUSED.length).toBeGreaterThanOrEqual(40);
    expect(NEW_ALLOWED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(NEW_REFUSED)('refuses %j', (input, phrase) => {
    expect(findMinorReference(input)).toBe(
      `Characters must be adults (18+). Please remove the reference to "${phrase}".`,
    );
  });

  it.each(NEW_ALLOWED.map((input) => [input]))('allows %j', (input) => {
    expect(findMinorReference(input)).toBeNull();
  });

  it.each([
    ['loves kids', 'a 28-year-old who loves kids'],
    ['wants children someday', 'a woman in her thirties who wants children someday'],
    ['She was a teen runaway.', 'She is 30 now. She was a teen runaway.'],
    ['started dancing at age 5', 'a 30-year-old who started dancing at age 5'],
    ['a shy sophomore', 'a shy 20-year-old sophomore'],
    ['At 14, she ran away.', 'At 14, she ran away; she is 29 now.'],
  ])('lets an unclear mention (%j) pass only beside an adult age of her own', (alone, adult) => {
    expect(findMinorReference(alone)).toMatch(/18\+/);
    expect(findMinorReference(adult)).toBeNull();
  });

  it('does not count an adult age that belongs to someone else', () => {
    expect(findMinorReference('loves kids; her husband is 40')).toMatch(/"kids"/);
    expect(findMinorReference('loves kids, married to a 40-year-old')).toMatch(/"kids"/);
  });

  it('keeps refusing when the past tense says the character never aged', () => {
    expect(findMinorReference('As a child she loved horses.')).toBeNull();
    expect(findMinorReference('As a child she was cursed and never aged.')).toMatch(/"child"/);
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
