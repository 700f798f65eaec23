import { z } from 'zod';
import { idParams } from '../id-params';
import { CHARACTER_LIMITS, characterFields, GENERATED_CHARACTER_FIELDS } from './schemas';

/**
 * One contract per character endpoint (spec sections 5 and 9). The server validates with these
 * schemas and shapes its answers with them; the web app's types come from the same place.
 *
 *   GET    /api/characters                    → characterListResponse
 *   POST   /api/characters                    createCharacterSchema (./schemas.ts: the Create
 *                                             Character form's own) → createCharacterResponse
 *   GET    /api/characters/{id}               characterParams → characterSchema
 *   PUT    /api/characters/{id}               characterParams, updateCharacterSchema
 *                                             → characterSchema
 *   DELETE /api/characters/{id}               characterParams → successResponse (../responses.ts)
 *   DELETE /api/characters/{id}/conversations characterParams → deleteConversationsResponse
 *   POST   /api/generate-character            promptSchema → generatedCharacterResponse
 *   GET    /api/starters                      → starterListResponse
 *   POST   /api/starters/{id}/adopt           starterParams → createCharacterResponse
 */

export const CHARACTER_NOT_FOUND = 'Character not found';

/** `{id}` of a character path; a malformed id is a character that does not exist (404). */
export const characterParams = idParams(CHARACTER_NOT_FOUND);

/**
 * PUT /api/characters/{id}: every field optional (fields not sent are kept), with the edit
 * screen's longer limits. The edit form itself requires all of its fields
 * (editCharacterFormSchema in ./schemas.ts).
 */
export const updateCharacterSchema = z.object({
  name: characterFields.name.optional(),
  description: characterFields.description(CHARACTER_LIMITS.edit.descriptionMax).optional(),
  gender: characterFields.gender.optional(),
  personality: characterFields.personality(CHARACTER_LIMITS.edit.personalityMax).optional(),
  type: characterFields.type.optional(),
  avatarImage: characterFields.avatarImage.optional(),
  avatarColor: characterFields.avatarColor.optional(),
  settings: characterFields.settings.partial().optional(),
  directnessLevel: characterFields.directnessLevel.optional(),
  sexualPreferences: characterFields.sexualPreferences.optional(),
  roles: characterFields.roles.optional(),
  includeRoles: z.boolean().optional(),
  greetings: characterFields.greetings.optional(),
  /** The voice it speaks in (GET /api/voices; issue 50), null for the default. */
  voice: characterFields.voice.optional(),
});
export type UpdateCharacterInput = z.input<typeof updateCharacterSchema>;

/** POST /api/generate-character and POST /api/generate-avatar: what the user asks for. */
export const promptSchema = z.object({
  prompt: z
    .string({ error: 'Please describe what you want first.' })
    .trim()
    .min(1, 'Please describe what you want first.')
    .max(1000, 'Please keep the description under 1000 characters.'),
});

/** The switches of a character's chat style. */
export type CharacterSettings = z.infer<typeof characterFields.settings>;

/** A character as the API returns it. */
export const characterSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  gender: z.string(),
  personality: z.string(),
  avatarImage: z.string().nullable(),
  /** Where the browser loads the avatar from, or null for a gradient avatar. */
  avatarUrl: z.string().nullable(),
  avatarColor: z.string(),
  settings: characterFields.settings,
  directnessLevel: z.number(),
  sexualPreferences: z.array(z.string()),
  roles: z.array(z.string()),
  includeRoles: z.boolean(),
  /** What it says first when a chat starts (Chat Mode): its greeting, then alternatives. */
  greetings: z.array(z.string()),
  /**
   * An imported card's fields shown on the character (issue 47; null or empty for one made
   * here). The creator's notes are for the user to read, never put in a prompt.
   */
  creatorNotes: z.string().nullable(),
  tags: z.array(z.string()),
  creator: z.string().nullable(),
  /** The card's scenario: the prompt's scenario where a conversation has none of its own. */
  scenario: z.string().nullable(),
  /**
   * Moderation removed it (issue 49): its conversations stay readable, it cannot reply or be
   * edited, and the chat shows why in the message box's place.
   */
  removedByModeration: z.boolean(),
  /** The voice it speaks in (one of GET /api/voices'), null for the default voice. */
  voice: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601 */
  updatedAt: z.string(),
});
export type Character = z.infer<typeof characterSchema>;

/** What only one character's read carries (the chat, the edit page): the list stays light. */
const DETAIL_ONLY = {
  greetings: true,
  creatorNotes: true,
  tags: true,
  creator: true,
  scenario: true,
  voice: true,
} as const;

/**
 * GET /api/characters: the user's characters, each with how many conversations it has (without
 * the greetings and the card's fields, which only one character's page needs).
 */
export const characterListResponse = z.array(
  characterSchema.omit(DETAIL_ONLY).extend({ conversationCount: z.number() }),
);
export type CharacterListItem = z.infer<typeof characterListResponse>[number];

/** POST /api/characters (201) */
export const createCharacterResponse = characterSchema.pick({ id: true, name: true });
export type CreateCharacterResponse = z.infer<typeof createCharacterResponse>;

/** DELETE /api/characters/{id}/conversations: how many were deleted (none is fine). */
export const deleteConversationsResponse = z.object({
  success: z.literal(true),
  deleted: z.number(),
});

/** POST /api/generate-character: a draft for the Create form; nothing is stored yet. */
export const generatedCharacterResponse = characterSchema
  .pick({ ...GENERATED_CHARACTER_FIELDS, avatarImage: true, avatarUrl: true, avatarColor: true })
  .strict();
export type GeneratedCharacter = z.infer<typeof generatedCharacterResponse>;

export const STARTER_NOT_FOUND = 'Starter not found';

/**
 * `{id}` of a ready-made character: its stable name (`jazz-bartender`). Anything that cannot be
 * one names no starter (404, as a malformed character id does).
 */
export const starterParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, STARTER_NOT_FOUND)
    .max(64, STARTER_NOT_FOUND),
});

/**
 * A ready-made character as its card shows it (issue 45). Adopting one stores the whole
 * character (personality, greetings, settings) as the user's own, answered as a create is.
 */
export const starterSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  gender: z.string(),
  /** The role category it belongs to (a label of ROLE_CATEGORIES in ./catalog.ts). */
  category: z.string(),
  /** Its portrait, a static file of the web app (src/web/public/art/starter-<id>.svg). */
  avatarUrl: z.string(),
  avatarColor: z.string(),
  /** A few of its sexual preferences, for the card. */
  tags: z.array(z.string()),
});
export type Starter = z.infer<typeof starterSchema>;

/** GET /api/starters: every ready-made character, in the order the gallery shows them. */
export const starterListResponse = z.object({ starters: z.array(starterSchema) });
export type StarterListResponse = z.infer<typeof starterListResponse>;
