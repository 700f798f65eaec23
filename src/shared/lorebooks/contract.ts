import { z } from 'zod';
import { lorebookSchema } from '../character-cards/contract';
import { CHARACTER_NOT_FOUND, characterParams } from '../characters/contract';

/**
 * One contract per lorebook endpoint (issue 47 part 3): a character's lorebook (world info), in
 * the Character Card V2/V3 names its card's `character_book` has (lorebookSchema).
 *
 *   GET  /api/characters/{id}/lorebook                              → lorebookResponse
 *   PUT  /api/characters/{id}/lorebook          putLorebookRequest  → lorebookResponse
 *   POST /api/characters/{id}/lorebook/import   multipart `file`    → importLorebookResponse
 */

export { CHARACTER_NOT_FOUND, characterParams };
export { lorebookEntrySchema, lorebookSchema } from '../character-cards/contract';
export type { Lorebook, LorebookEntry } from '../character-cards/contract';

export const LOREBOOK_LIMITS = {
  entriesMax: 500,
  contentMaxLength: 8000,
  keysMax: 50,
  keyMaxLength: 100,
  nameMaxLength: 200,
  commentMaxLength: 2000,
  descriptionMaxLength: 2000,
  /** How many recent messages a book may ask to be scanned for its keys. */
  scanDepthMax: 100,
  /** An import's file (a JSON of text: 500 full entries are about 4 MB). */
  fileMaxBytes: 5 * 1024 * 1024,
} as const;

const L = LOREBOOK_LIMITS;

/** A list of keys: at most keysMax, each at most keyMaxLength characters. */
const keyList = (what: string) =>
  z
    .array(
      z
        .string({ error: `Each ${what} is a piece of text.` })
        .max(L.keyMaxLength, `A ${what} can be at most ${L.keyMaxLength} characters.`),
      { error: `The ${what}s are a list of words or phrases.` },
    )
    .max(L.keysMax, `An entry can have at most ${L.keysMax} ${what}s.`)
    .default([]);

const jsonRecord = z.record(z.string(), z.unknown());

/**
 * An entry as the editor (or another tool) sends it: the content required, every other field with
 * the spec's default when left out.
 */
export const lorebookEntryInput = z.object({
  id: z
    .union([z.number(), z.string().max(100)])
    .nullable()
    .default(null),
  name: z
    .string()
    .max(L.nameMaxLength, `An entry's name can be at most ${L.nameMaxLength} characters.`)
    .default(''),
  comment: z
    .string()
    .max(L.commentMaxLength, `An entry's comment can be at most ${L.commentMaxLength} characters.`)
    .default(''),
  keys: keyList('key'),
  secondary_keys: keyList('secondary key'),
  content: z
    .string({ error: 'Each entry needs its content: what the character should know.' })
    .max(L.contentMaxLength, `An entry's content can be at most ${L.contentMaxLength} characters.`),
  enabled: z.boolean().default(true),
  insertion_order: z.number().finite().default(100),
  case_sensitive: z.boolean().default(false),
  constant: z.boolean().default(false),
  selective: z.boolean().default(false),
  priority: z.number().finite().nullable().default(null),
  position: z.enum(['before_char', 'after_char']).default('before_char'),
  use_regex: z.boolean().default(false),
  extensions: jsonRecord.default({}),
});

/** A book as PUT takes it (and as an import is checked before it is stored). */
export const lorebookInput = z.object({
  name: z
    .string()
    .max(L.nameMaxLength, `The lorebook's name can be at most ${L.nameMaxLength} characters.`)
    .default(''),
  description: z
    .string()
    .max(
      L.descriptionMaxLength,
      `The lorebook's description can be at most ${L.descriptionMaxLength} characters.`,
    )
    .default(''),
  scan_depth: z
    .number()
    .int('The scan depth is a whole number of messages.')
    .min(1, 'The scan depth is at least 1 message.')
    .max(L.scanDepthMax, `The scan depth can be at most ${L.scanDepthMax} messages.`)
    .nullable()
    .default(null),
  token_budget: z
    .number()
    .int('The token budget is a whole number of tokens.')
    .min(1, 'The token budget is at least 1 token.')
    .nullable()
    .default(null),
  recursive_scanning: z.boolean().default(false),
  extensions: jsonRecord.default({}),
  entries: z
    .array(lorebookEntryInput)
    .max(L.entriesMax, `A lorebook can have at most ${L.entriesMax} entries.`),
});

/** PUT /api/characters/{id}/lorebook: the whole book, or null to remove it. */
export const putLorebookRequest = z.object({ lorebook: lorebookInput.nullable() });
export type PutLorebookRequest = z.input<typeof putLorebookRequest>;

/** GET and PUT /api/characters/{id}/lorebook: the stored book, or null when it has none. */
export const lorebookResponse = z.object({ lorebook: lorebookSchema.nullable() });
export type LorebookResponse = z.infer<typeof lorebookResponse>;

/** POST /api/characters/{id}/lorebook/import: the book with the file's entries appended. */
export const importLorebookResponse = z.object({
  lorebook: lorebookSchema,
  /** What the user should know: a position Reverie has not, entries left out… */
  warnings: z.array(z.string()),
});
export type ImportLorebookResponse = z.infer<typeof importLorebookResponse>;
