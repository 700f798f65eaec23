import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { completeJson, jsonSchemaOf } from '../../integrations/llm/json';
import { enforce } from '../../plugins/rate-limit';
import { RATE_RULES } from '../../rate-rules';
import { AGE_REVIEW_SYSTEM_PROMPT } from '../../prompts/age-review.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';

/**
 * The second opinion on "every character is an adult". The adults-only rule
 * (src/shared/characters/adults-only.ts) runs first and its refusal stands without asking; when it
 * passes and a model is configured, the model classifies the definition. Only a clear 'minor'
 * refuses; 'unclear', a timeout or any failure leaves the rule's answer standing (a warning is
 * logged, the user never sees a 5xx). Nothing is charged.
 */

const ageVerdictSchema = z.object({
  verdict: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['adult', 'minor', 'unclear']),
  ),
  reason: z.string().max(300).catch(''),
});
export type AgeVerdict = z.output<typeof ageVerdictSchema>;

/** The name the request's response_format carries (test doubles answer by it). */
export const AGE_REVIEW_SCHEMA_NAME = 'age_review';
const AGE_VERDICT_JSON_SCHEMA = jsonSchemaOf(AGE_REVIEW_SCHEMA_NAME, ageVerdictSchema);

/** Long enough for a short JSON answer from a busy provider, short enough to keep saving snappy. */
const REVIEW_TIMEOUT_MS = 15_000;
const REASON_SHOWN_MAX = 160;

export const MINOR_VERDICT_MESSAGE =
  'Characters must be adults (18+). This character reads as a minor; please make their adult ' +
  'age and adult life clear.';

/** What the model reads: the fields that describe who the character is. */
export interface CharacterDefinition {
  name?: string;
  type?: string;
  description?: string;
  personality?: string;
  /** What the character says first when a chat starts (its greetings, one after another). */
  greetings?: string;
  /** For generated characters and avatars: what the user asked for. */
  request?: string;
}

/** The refusal shown for a 'minor' verdict, with the model's reason when it gave a short one. */
function minorMessage(reason: string): string {
  const clean = reason
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[.!\s]+$/u, '');
  if (!clean || clean.length > REASON_SHOWN_MAX) return MINOR_VERDICT_MESSAGE;
  return (
    `Characters must be adults (18+). This character reads as a minor. Reason: ${clean}. ` +
    'Please make their adult age and adult life clear.'
  );
}

/**
 * Asks the model whether the character is an adult; throws a 400 on 'minor'. Does nothing
 * without a model. Call it only after the adults-only rule has passed.
 */
export async function reviewCharacterAge(
  ctx: AppContext,
  userId: string,
  definition: CharacterDefinition,
): Promise<void> {
  if (!ctx.llm.configured) return;
  // Every review is a model call; this only stops floods (far above any real editing).
  await enforce(ctx.limiter, RATE_RULES.ageReviewsPerUser, userId);
  let answer: AgeVerdict;
  try {
    answer = await completeJson(
      ctx.llm,
      {
        messages: [
          { role: 'system', content: AGE_REVIEW_SYSTEM_PROMPT },
          { role: 'user', content: `Character definition (JSON): ${JSON.stringify(definition)}` },
        ],
        ...MODEL_SETTINGS.ageReview,
        jsonSchema: AGE_VERDICT_JSON_SCHEMA,
        signal: AbortSignal.timeout(REVIEW_TIMEOUT_MS),
      },
      ageVerdictSchema,
      // A malformed answer is not worth another wait: the rule has already passed.
      { retries: 0 },
    );
  } catch (err) {
    ctx.log.warn({ err, userId }, 'age review failed; the adults-only rule stands');
    return;
  }
  if (answer.verdict === 'minor') {
    ctx.log.info({ userId, reason: answer.reason }, 'age review refused a character as a minor');
    throw badRequest(minorMessage(answer.reason));
  }
  if (answer.verdict === 'unclear') {
    ctx.log.warn({ userId, reason: answer.reason }, 'age review was unclear; the rule stands');
  }
}
