/**
 * Fixed option lists for creating and editing characters. Pure data: both the web forms and the
 * server validation read from here, so a choice offered in the UI is always one the API accepts.
 */

/** The 29 preference tags a character can carry, in the order the picker shows them. */
export const CHARACTER_PREFERENCES = [
  'Romance',
  'Flirting',
  'Teasing',
  'Intellectual connection',
  'Deep conversations',
  'Playful banter',
  'Confidence',
  'Mystery',
  'Sophistication',
  'Creativity',
  'BDSM',
  'Dominant',
  'Submissive',
  'Bondage',
  'Power dynamics',
  'Control',
  'Roleplay',
  'Taboo scenarios',
  'Step-sibling',
  'Age gap',
  'Teacher/Student',
  'Boss/Employee',
  'Psychological play',
  'Rough play',
  'Gentle domination',
  'Adventure',
  'Humor',
  'Emotional intimacy',
  'Physical attraction',
] as const;
export type CharacterPreference = (typeof CHARACTER_PREFERENCES)[number];

/**
 * Every gender value stored on a character. The create form offers all of them; the edit form
 * omits 'fluid' (see EDIT_GENDERS), but characters created with it must still validate.
 */
export const CHARACTER_GENDER_VALUES = ['female', 'male', 'non-binary', 'fluid', 'other'] as const;
export type CharacterGender = (typeof CHARACTER_GENDER_VALUES)[number];

export interface GenderOption {
  readonly value: CharacterGender;
  readonly label: string;
}

export const CREATE_GENDERS: readonly GenderOption[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
  { value: 'fluid', label: 'Fluid (Gender Fluid)' },
  { value: 'other', label: 'Other' },
];

export const EDIT_GENDERS: readonly GenderOption[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
  { value: 'other', label: 'Other' },
];

export interface DirectnessLevel {
  readonly level: number;
  readonly label: string;
  readonly description: string;
}

/** How forward the character is about sex, from 0 (never) to 4 (always). */
export const DIRECTNESS_LEVELS: readonly DirectnessLevel[] = [
  { level: 0, label: 'NOTHING', description: 'Keeps things wholesome; no flirting or innuendo.' },
  {
    level: 1,
    label: 'FLIRTACIOUS',
    description: 'Flirts and teases with light innuendo, but keeps things suggestive.',
  },
  {
    level: 2,
    label: 'BALANCED',
    description: 'Mixes conversation and romance, and turns up the heat when you do.',
  },
  {
    level: 3,
    label: 'HYPERSEXUAL',
    description: 'Steers toward desire often and is openly explicit.',
  },
  {
    level: 4,
    label: 'LUST INCARNATE',
    description: 'Driven by desire; explicit and forward at every turn.',
  },
];

export const MIN_DIRECTNESS = 0;
export const MAX_DIRECTNESS = 4;
export const DEFAULT_DIRECTNESS = 2;

/**
 * Label for a directness level. Values off the scale are clamped and rounded rather than
 * rejected, because this is used for display (e.g. a slider mid-drag), not validation.
 */
export function directnessLabel(level: number): string {
  const index = Number.isFinite(level)
    ? Math.min(MAX_DIRECTNESS, Math.max(MIN_DIRECTNESS, Math.round(level)))
    : DEFAULT_DIRECTNESS;
  return DIRECTNESS_LEVELS[index]?.label ?? 'BALANCED';
}

/** How many roles one character may have. */
export const MAX_ROLES = 5;

export interface RoleCategory {
  /** Stable kebab-case id, safe to use as a React key or DOM id. */
  readonly id: string;
  readonly label: string;
  readonly roles: readonly string[];
}

/**
 * Roles grouped for the picker. Every role describes an adult: nothing implies caring for
 * children (no nanny or babysitter), the only student is 'College Student', and family roles are
 * meant as relationships between adults. Some names deliberately sit in two groups (e.g.
 * 'Detective', 'Vampire', 'Centaur') so they are found wherever a user looks for them.
 */
export const ROLE_CATEGORIES: readonly RoleCategory[] = [
  {
    id: 'professions',
    label: 'Professions',
    roles: [
      'Doctor',
      'Nurse',
      'Surgeon',
      'Paramedic',
      'Dentist',
      'Veterinarian',
      'Teacher',
      'Professor',
      'College Student',
      'Lawyer',
      'Judge',
      'Detective',
      'Police Officer',
      'Firefighter',
      'Soldier',
      'Security Guard',
      'Bodyguard',
      'Private Investigator',
      'Chef',
      'Bartender',
      'Barista',
      'Sommelier',
      'Personal Trainer',
      'Yoga Instructor',
      'Dance Instructor',
      'Photographer',
      'Artist',
      'Tattoo Artist',
      'Musician',
      'Writer',
      'Journalist',
      'Librarian',
      'CEO',
      'Secretary',
      'Personal Assistant',
      'Accountant',
      'Banker',
      'Stockbroker',
      'Real Estate Agent',
      'Pilot',
      'Flight Attendant',
      'Astronaut',
      'Scientist',
      'Engineer',
      'Programmer',
      'Hacker',
      'Therapist',
      'Massage Therapist',
      'Lifeguard',
      'Mechanic',
      'Architect',
      'Fashion Designer',
      'Hairstylist',
      'Model',
      'Actor',
      'Dancer',
      'Butler',
      'Maid',
      'Sailor',
      'Farmer',
    ],
  },
  {
    id: 'monsters-classic',
    label: 'Monsters: Classic Myth & Folklore',
    roles: [
      'Vampire',
      'Werewolf',
      'Ghost',
      'Mummy',
      'Zombie',
      'Siren',
      'Mermaid',
      'Merman',
      'Gorgon',
      'Minotaur',
      'Centaur',
      'Satyr',
      'Harpy',
      'Banshee',
      'Djinn',
      'Kitsune',
      'Oni',
      'Wendigo',
      'Dragon',
      'Succubus',
      'Incubus',
    ],
  },
  {
    id: 'monsters-dark-fantasy',
    label: 'Monsters: Dark Fantasy & Gothic',
    roles: [
      'Demon',
      'Demon Lord',
      'Vampire',
      'Vampire Lord',
      'Lich',
      'Necromancer',
      'Dark Elf',
      'Fallen Angel',
      'Revenant',
      'Blood Witch',
      'Witch',
      'Warlock',
      'Shadow Wraith',
      'Death Knight',
      'Cursed Knight',
      'Gargoyle',
      'Ghoul',
      'Grim Reaper',
      'Dullahan',
      'Doppelganger',
    ],
  },
  {
    id: 'monsters-sci-fi',
    label: 'Monsters: Sci-Fi & Alien',
    roles: [
      'Android',
      'Cyborg',
      'Alien Queen',
      'Alien Hunter',
      'Alien Warlord',
      'Alien Ambassador',
      'Space Pirate',
      'Clone',
      'AI Construct',
      'Starborn',
      'Insectoid',
      'Reptilian',
      'Mutant',
      'Synthetic Human',
      'Hologram',
      'Bio-Engineered Soldier',
      'Time Traveler',
      'Shapeshifting Alien',
      'Energy Being',
      'Galactic Empress',
    ],
  },
  {
    id: 'monsters-eldritch',
    label: 'Monsters: Eldritch & Tentacled',
    roles: [
      'Tentacle Beast',
      'Tentacle Monster',
      'Kraken',
      'Deep One',
      'Eldritch Horror',
      'Cosmic Horror',
      'Formless Horror',
      'Void Entity',
      'Void Serpent',
      'Star Spawn',
      'Mind Eater',
      'Ancient One',
      'Outer God',
      'Many-Eyed Watcher',
      'Dream Devourer',
      'Flesh Weaver',
      'Abyssal Priestess',
      'Sea Witch',
    ],
  },
  {
    id: 'monsters-fae',
    label: 'Monsters: Fae & Otherworldly',
    roles: [
      'Fairy',
      'Pixie',
      'Dryad',
      'Nymph',
      'Elf',
      'High Elf',
      'Wood Elf',
      'Dark Fae',
      'Fae Queen',
      'Fae King',
      'Selkie',
      'Sprite',
      "Will-o'-the-Wisp",
      'Changeling',
      'Unicorn',
      'Kelpie',
      'Angel',
      'Goddess',
      'Nature Spirit',
      'Moon Spirit',
    ],
  },
  {
    id: 'monsters-hybrid',
    label: 'Monsters: Hybrid & Unique',
    roles: [
      'Werecat',
      'Werefox',
      'Dragonkin',
      'Lamia',
      'Naga',
      'Arachne',
      'Centaur',
      'Kitsune Hybrid',
      'Wolf Hybrid',
      'Catfolk',
      'Sharkfolk',
      'Mothfolk',
      'Slime Being',
      'Plant Creature',
      'Golem',
      'Living Statue',
      'Chimera',
      'Mimic',
      'Nephilim',
      'Half-Demon',
    ],
  },
  {
    id: 'monsters-extreme',
    label: 'Monsters: Extreme & Niche',
    roles: [
      'Hellhound',
      'Behemoth',
      'Leviathan',
      'Wendigo Alpha',
      'Tentacle God',
      'Hive Queen',
      'Giant',
      'Giantess',
      'Cyclops',
      'Hydra',
      'Ogre',
      'Troll',
      'Orc',
      'Orc Warlord',
      'Goblin',
      'Goblin King',
      'Minotaur Warlord',
      'Bog Monster',
      'Yeti',
    ],
  },
  {
    id: 'family',
    label: 'Family',
    // Relationships between adults only; the adults-only check still applies to the character.
    roles: [
      'Stepmother',
      'Stepfather',
      'Stepsister',
      'Stepbrother',
      'Stepdaughter',
      'Stepson',
      'Guardian',
      'Foster Parent',
      'Mother-in-law',
      'Father-in-law',
      'Sister-in-law',
      'Brother-in-law',
      'Daughter-in-law',
      'Son-in-law',
      'Aunt',
      'Uncle',
      'Cousin',
      'Godmother',
      'Godfather',
      'Ex-Wife',
      'Ex-Husband',
    ],
  },
  {
    id: 'other',
    label: 'Other',
    roles: [
      'Pirate',
      'Royalty',
      'Queen',
      'King',
      'Prince',
      'Princess',
      'Noble',
      'Courtesan',
      'Samurai',
      'Ninja',
      'Superhero',
      'Supervillain',
      'Cult Leader',
      'Rebel Leader',
      'Gladiator',
      'Knight',
      'Viking',
      'Cowboy',
      'Outlaw',
      'Spy',
      'Assassin',
      'Mercenary',
      'Bounty Hunter',
      'Thief',
      'Witch Hunter',
      'Sorcerer',
      'Sorceress',
      'Priestess',
      'Celebrity',
      'Influencer',
      'Rockstar',
      'Billionaire',
      'Mafia Boss',
      'Detective',
    ],
  },
];

/** Every role name once, in first-seen order (names repeated across categories appear once). */
export const ALL_ROLES: readonly string[] = [
  ...new Set(ROLE_CATEGORIES.flatMap((category) => category.roles)),
];

/**
 * Filter the picker by a case-insensitive substring of the role name. Categories and roles keep
 * their order; categories with no match are dropped; a blank query returns every category.
 */
export function searchRoles(query: string): RoleCategory[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...ROLE_CATEGORIES];
  const result: RoleCategory[] = [];
  for (const category of ROLE_CATEGORIES) {
    const roles = category.roles.filter((role) => role.toLowerCase().includes(needle));
    if (roles.length > 0) result.push({ ...category, roles });
  }
  return result;
}
