import { z } from 'zod';

/**
 * The models offered (issue 48 part 4), kept in the database and seeded from LLM_MODELS:
 *
 *   GET /api/admin/models  → modelListResponse (staff)
 *   PUT /api/admin/models  modelListRequest → modelListResponse (admins; 403 to moderators)
 *
 * The list always holds every model LLM_MODELS names, in the order set here: the provider serves
 * those, the console decides which are offered, how they are labelled, which is the default, what
 * a reply on each costs in credits and what the provider charges per million tokens.
 */

export const MODEL_LABEL_MAX = 60;
export const CREDITS_PER_REPLY_MAX = 100;
export const USD_PER_MILLION_MAX = 10_000;

export const MODEL_LIST_MISMATCH = 'Send every model the server is configured with, each once.';
export const DEFAULT_MODEL_MUST_BE_OFFERED = 'Choose one offered model as the default.';

const usdPerMillion = z
  .number({ error: 'Enter a price in US dollars per million tokens.' })
  .min(0, 'A price cannot be below 0.')
  .max(USD_PER_MILLION_MAX, `A price is at most ${USD_PER_MILLION_MAX} per million tokens.`);

/** One model as the console edits it. */
export const modelOfferingSchema = z.object({
  model: z.string().min(1).max(200),
  label: z
    .string()
    .trim()
    .min(1, 'Give the model a label.')
    .max(MODEL_LABEL_MAX, `A label is at most ${MODEL_LABEL_MAX} characters.`),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  creditsPerReply: z
    .number({ error: 'Enter the credits one reply costs.' })
    .int('Credits are a whole number.')
    .min(1, 'A reply costs at least 1 credit.')
    .max(CREDITS_PER_REPLY_MAX, `A reply costs at most ${CREDITS_PER_REPLY_MAX} credits.`),
  inputUsdPerMillion: usdPerMillion,
  outputUsdPerMillion: usdPerMillion,
});
export type ModelOffering = z.infer<typeof modelOfferingSchema>;

/** The whole list in its order; exactly one enabled model is the default (when any is enabled). */
export const modelListRequest = z.object({
  models: z.array(modelOfferingSchema).max(100),
});
export type ModelListRequest = z.infer<typeof modelListRequest>;

/** `configured`: whether a model provider is set up at all (LLM_BASE_URL and LLM_MODELS). */
export const modelListResponse = z.object({
  configured: z.boolean(),
  models: z.array(modelOfferingSchema),
});
export type ModelList = z.infer<typeof modelListResponse>;
