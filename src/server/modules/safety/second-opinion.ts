import { z } from 'zod';
import type { AppContext } from '../../context';
import { completeJson, jsonSchemaOf } from '../../integrations/llm';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import { SAFETY_REVIEW_SYSTEM_PROMPT } from '../../prompts/safety.prompt';
import type { MessageScreen, ScreenMode } from './message-screen';

/**
 * The model's second opinion on a message the local rule found unclear (decision 0042), as the
 * age review is for characters. It runs only for borderline messages. When it cannot answer (no
 * model, a timeout, a malformed answer) the protocol errs toward care: an unclear crisis is
 * treated as a crisis (a crisis notice and a careful reply harm nobody), an unclear minor is not
 * (pausing an adult's account on a guess would).
 */

const reviewSchema = z.object({
  selfHarm: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['none', 'risk']),
  ),
  minor: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(['none', 'minor']),
  ),
  reason: z.string().max(300).catch(''),
});

/** The name the request's response_format carries (test doubles answer by it). */
export const SAFETY_REVIEW_SCHEMA_NAME = 'safety_review';
const REVIEW_JSON_SCHEMA = jsonSchemaOf(SAFETY_REVIEW_SCHEMA_NAME, reviewSchema);

/** Long enough for a short JSON answer, short enough that the user's reply is not held up long. */
const REVIEW_TIMEOUT_MS = 8_000;

export interface ScreenVerdict {
  crisis: boolean;
  minor: boolean;
  /** Who decided a minor: the rule alone, or the model. */
  minorDetectedBy: 'rule' | 'model';
}

/** The rule's answer made final: borderline parts go to the model. */
export async function decideScreen(
  ctx: AppContext,
  userId: string,
  message: string,
  mode: ScreenMode,
  screen: MessageScreen,
): Promise<ScreenVerdict> {
  const unclear = screen.crisis === 'borderline' || screen.minor === 'borderline';
  if (!unclear) {
    return {
      crisis: screen.crisis === 'crisis',
      minor: screen.minor === 'minor',
      minorDetectedBy: 'rule',
    };
  }
  const opinion = await askModel(ctx, userId, message, mode);
  return {
    crisis:
      screen.crisis === 'crisis' ||
      (screen.crisis === 'borderline' && (opinion === null || opinion.selfHarm === 'risk')),
    minor:
      screen.minor === 'minor' || (screen.minor === 'borderline' && opinion?.minor === 'minor'),
    minorDetectedBy: screen.minor === 'minor' ? 'rule' : 'model',
  };
}

async function askModel(ctx: AppContext, userId: string, message: string, mode: ScreenMode) {
  if (!ctx.llm.configured) return null;
  try {
    return await completeJson(
      ctx.llm,
      {
        messages: [
          { role: 'system', content: SAFETY_REVIEW_SYSTEM_PROMPT },
          {
            role: 'user',
            content: `Mode: ${mode === 'story' ? 'Story Mode (interactive roleplay)' : 'Chat Mode'}\nMessage (JSON): ${JSON.stringify(message)}`,
          },
        ],
        ...MODEL_SETTINGS.safetyReview,
        jsonSchema: REVIEW_JSON_SCHEMA,
        signal: AbortSignal.timeout(REVIEW_TIMEOUT_MS),
        usage: { userId, purpose: 'review' },
      },
      reviewSchema,
      { retries: 0 },
    );
  } catch (err) {
    // No message text in the log: the failure and whose message it was are enough.
    ctx.log.warn({ err, userId }, 'safety second opinion failed; erring toward care');
    return null;
  }
}
