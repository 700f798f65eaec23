import { z } from 'zod';
import { cardExtrasSchema, lorebookSchema } from '../character-cards/contract';
import {
  ALL_ROLES,
  CHARACTER_GENDER_VALUES,
  CHARACTER_PREFERENCES,
  DEFAULT_DIRECTNESS,
  MAX_DIRECTNESS,
  MAX_ROLES,
  MIN_DIRECTNESS,
} from './catalog';
import { voiceIdField } from '../voice/voice-id';
import { AVATAR_GRADIENTS, DEFAULT_AVATAR_GRADIENT } from './avatar-gradients';

/** Field limits (spec sections 5 and 9). Counters warn before the limits. */
export const CHARACTER_LIMITS = {
  nameMax: 50,
  textMin: 10,
  create: { descriptionMax: 100, personalityMax: 500 },
  edit: { descriptionMax: 200, personalityMax: 1000 },
  counters: {
    create: { description: [80, 92], personality: [430, 480] },
    edit: { description: [180, 195], personality: [850, 950] },
  },
} as const;

/**
 * A character's greetings: what it says first when a chat starts; the first is its greeting, the
 * rest alternatives to swipe to.
 */
export const GREETING_LIMITS = { count: 5, lengthMax: 2000 } as const;

export const CHARACTER_TYPE_DEFAULT = 'companion';
export const ROLE_NAME_MAX = 60;
/**
 * Stored avatar file names: a random id and an image extension, nothing a path could hide in.
 * Never a picture sent in a chat (`picture-<random>.webp`, kept in the same storage): those are
 * private, read only through their message (GET /api/messages/{id}/attachments/{index}).
 */
export const AVATAR_FILE_NAME = /^(?!picture-)[a-zA-Z0-9_-]{8,64}\.(png|jpe?g|webp)$/;

const gradientKeys = AVATAR_GRADIENTS.map((g) => g.key) as [string, ...string[]];
const genderValues = CHARACTER_GENDER_VALUES as unknown as [string, ...string[]];

const name = z
  .string({ error: 'Character name is required' })
  .trim()
  .min(1, 'Character name is required')
  .max(CHARACTER_LIMITS.nameMax, 'Name too long');
const gender = z
  .string({ error: 'Gender is required' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(genderValues, { error: 'Gender is required' }));
const description = (max: number) =>
  z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(CHARACTER_LIMITS.textMin, 'Description must be at least 10 characters')
    .max(max, 'Description too long');
const personality = (max: number) =>
  z
    .string({ error: 'Personality description must be at least 10 characters' })
    .trim()
    .min(CHARACTER_LIMITS.textMin, 'Personality description must be at least 10 characters')
    .max(max, 'Personality description too long');
const directnessLevel = z
  .number({ error: 'Directness must be a whole number from 0 to 4' })
  .int('Directness must be a whole number from 0 to 4')
  .min(MIN_DIRECTNESS, 'Directness must be a whole number from 0 to 4')
  .max(MAX_DIRECTNESS, 'Directness must be a whole number from 0 to 4');
const sexualPreferences = z
  .array(z.enum(CHARACTER_PREFERENCES, { error: 'Unknown preference' }))
  .transform((list) => [...new Set(list)]);
const roleNames = new Set<string>(ALL_ROLES);
const roles = z
  .array(
    z
      .string()
      .trim()
      .max(ROLE_NAME_MAX)
      .refine((role) => roleNames.has(role), 'Please choose roles from the list.'),
  )
  .transform((list) => [...new Set(list)])
  .pipe(z.array(z.string()).max(MAX_ROLES, `You can only choose up to ${MAX_ROLES} roles.`));
const settings = z.object({ emojis: z.boolean(), actionMessages: z.boolean() });
const avatarImage = z.string().regex(AVATAR_FILE_NAME, 'Unknown avatar image').nullable();
const avatarColor = z.enum(gradientKeys, { error: 'Unknown avatar colour' });
const greetings = z
  .array(
    z
      .string({ error: 'A greeting must be text.' })
      .trim()
      .max(
        GREETING_LIMITS.lengthMax,
        `Each greeting must be at most ${GREETING_LIMITS.lengthMax} characters.`,
      ),
    { error: 'Greetings must be a list of texts.' },
  )
  // Blank boxes in the form are not greetings.
  .transform((list) => list.filter((g) => g.length > 0))
  .pipe(
    z
      .array(z.string())
      .max(
        GREETING_LIMITS.count,
        `A character can have at most ${GREETING_LIMITS.count} greetings.`,
      ),
  );
const type = z
  .string({ error: 'Character type is required' })
  .trim()
  .min(1, 'Character type is required')
  .max(40, 'Character type too long');

/**
 * Each field's rule and messages, shared by the forms below and the request bodies of
 * ./contract.ts (description and personality take the screen's length limit).
 */
export const characterFields = {
  name,
  gender,
  description,
  personality,
  directnessLevel,
  sexualPreferences,
  roles,
  settings,
  avatarImage,
  avatarColor,
  type,
  greetings,
  /** The voice it speaks in (issue 50): one of GET /api/voices', or null for the default. */
  voice: voiceIdField.nullable(),
};

/** The Create Character form, also the body of POST /api/characters (see ./contract.ts). */
export const createCharacterSchema = z.object({
  name,
  description: description(CHARACTER_LIMITS.create.descriptionMax),
  gender,
  personality: personality(CHARACTER_LIMITS.create.personalityMax),
  type: type.default(CHARACTER_TYPE_DEFAULT),
  avatarImage: avatarImage.default(null),
  avatarColor: avatarColor.default(DEFAULT_AVATAR_GRADIENT),
  settings: settings.default({ emojis: true, actionMessages: true }),
  directnessLevel: directnessLevel.default(DEFAULT_DIRECTNESS),
  sexualPreferences: sexualPreferences.default([]),
  roles: roles.default([]),
  includeRoles: z.boolean().default(false),
  greetings: greetings.default([]),
  voice: voiceIdField.nullable().default(null),
  /**
   * An imported card's fields beyond ours and its lorebook (POST /api/character-cards/read's
   * draft, issue 47), taken as they are so an import is one create.
   */
  extras: cardExtrasSchema.nullable().default(null),
  lorebook: lorebookSchema.nullable().default(null),
});
export type CreateCharacterInput = z.input<typeof createCharacterSchema>;

/** The fields AI generation writes (the avatar comes separately). */
export const GENERATED_CHARACTER_FIELDS = {
  name: true,
  description: true,
  gender: true,
  personality: true,
  sexualPreferences: true,
  directnessLevel: true,
  roles: true,
  includeRoles: true,
} as const;

/**
 * The Edit Character form: the rules of PUT /api/characters/{id} (./contract.ts), every field
 * required.
 */
export const editCharacterFormSchema = z.object({
  name,
  description: description(CHARACTER_LIMITS.edit.descriptionMax),
  gender,
  personality: personality(CHARACTER_LIMITS.edit.personalityMax),
  type,
});

/** The settings screen: switches, directness, preferences and roles. */
export const characterSettingsSchema = z.object({
  settings,
  directnessLevel,
  sexualPreferences,
  roles,
  includeRoles: z.boolean(),
});
