import { z } from 'zod';
import { idParams } from '../id-params';

/**
 * One contract per character-card endpoint (issue 47). The server shapes its answers with these
 * schemas; the web app's types come from the same place.
 *
 *   POST /api/character-cards/read   multipart `file` (a .png, .json or .charx card)
 *                                    → readCardResponse; creates nothing
 *   GET  /api/characters/{id}/card   exportCardParams, exportCardQuery → the card file
 */

/** A card's own fields kept as they were (extensions, unknown fields…): any JSON value. */
const jsonRecord = z.record(z.string(), z.unknown());

/**
 * One lorebook entry, the card's `character_book` entry normalised (Character Card V2/V3 names,
 * so an export writes them back as they came).
 */
export const lorebookEntrySchema = z.object({
  id: z.union([z.number(), z.string()]).nullable(),
  name: z.string(),
  comment: z.string(),
  keys: z.array(z.string()),
  secondary_keys: z.array(z.string()),
  content: z.string(),
  enabled: z.boolean(),
  insertion_order: z.number(),
  case_sensitive: z.boolean(),
  constant: z.boolean(),
  selective: z.boolean(),
  priority: z.number().nullable(),
  position: z.enum(['before_char', 'after_char']),
  use_regex: z.boolean(),
  extensions: jsonRecord,
});
export type LorebookEntry = z.infer<typeof lorebookEntrySchema>;

/** A card's lorebook (`character_book`) normalised. */
export const lorebookSchema = z.object({
  name: z.string(),
  description: z.string(),
  scan_depth: z.number().nullable(),
  token_budget: z.number().nullable(),
  recursive_scanning: z.boolean(),
  extensions: jsonRecord,
  entries: z.array(lorebookEntrySchema),
});
export type Lorebook = z.infer<typeof lorebookSchema>;

/**
 * What the Create Character form opens with: the fields POST /api/characters takes today, each
 * text whole (a field over our limit comes with a warning, never cut). Gender is not here: cards
 * have none, the form asks. `extras` holds every card field not mapped yet (scenario, example
 * dialogue, system prompt, tags, extensions, unknown fields…) exactly as the card had them.
 */
export const cardExtrasSchema = jsonRecord;
export type CardExtras = z.infer<typeof cardExtrasSchema>;

export const cardDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  personality: z.string(),
  greetings: z.array(z.string()),
  extras: cardExtrasSchema,
  /**
   * Reverie's own settings, from a card Reverie exported (`extensions.reverie`), each only when
   * it is valid here: an export imported again is the same character.
   */
  reverie: z
    .object({
      gender: z.string().optional(),
      type: z.string().optional(),
      directnessLevel: z.number().optional(),
      sexualPreferences: z.array(z.string()).optional(),
      roles: z.array(z.string()).optional(),
      includeRoles: z.boolean().optional(),
      settings: z.object({ emojis: z.boolean(), actionMessages: z.boolean() }).optional(),
      avatarColor: z.string().optional(),
    })
    .optional(),
});
export type CardDraft = z.infer<typeof cardDraftSchema>;

/** POST /api/character-cards/read */
export const readCardResponse = z.object({
  draft: cardDraftSchema,
  lorebook: lorebookSchema.nullable(),
  /** The card's image stored as an avatar: its fileName, what `avatarImage` takes; or null. */
  avatarUploadId: z.string().nullable(),
  /** Where the browser loads that avatar (local or a bucket), or null. */
  avatarUrl: z.string().nullable(),
  /** What the user should know: newer formats, fields over our limits, an image not kept… */
  warnings: z.array(z.string()),
});
export type ReadCardResponse = z.infer<typeof readCardResponse>;

/** GET /api/characters/{id}/card: the owner's character only (another's is not found). */
export const exportCardParams = idParams('Character not found');

export const CARD_FORMATS = ['png', 'json', 'charx'] as const;
export type CardFormat = (typeof CARD_FORMATS)[number];

/** A PNG card by default: the image with the card in it, what most tools take. */
export const exportCardQuery = z.object({
  format: z.enum(CARD_FORMATS, { error: 'The format must be png, json or charx.' }).default('png'),
});
