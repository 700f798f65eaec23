import { z } from 'zod';
import type { CardExtras, Lorebook } from '../../../shared/character-cards/contract';
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

/**
 * An imported card's texts beyond the definition (issue 47): its fields as the card had them
 * (`character.card_extras`) and its lorebook. The model reads them as `other`, most telling
 * first (see otherText), since they can say who the character is as plainly as a description.
 */
export interface CardTexts {
  extras: CardExtras | null;
  /** Its entries are read in this order: a caller puts the entries that are new first. */
  lorebook: Lorebook | null;
}

/**
 * How much of a card the model reads. A card may hold 2 MB of text; a verdict needs the parts
 * that say who the character is, and a review must stay quick and cheap: about as much as the
 * definition itself may hold (five greetings of 2,000 characters), each part cut on its own so
 * one long field cannot crowd out the rest, the lorebook within a share of its own.
 */
const OTHER_MAX_CHARS = 12_000;
const PART_MAX_CHARS = 2_000;
const LORE_MAX_CHARS = 6_000;
const ENTRY_MAX_CHARS = 1_000;

/** `text` cut to `max` characters, marked as cut (never leaving half a surrogate pair). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/u, '')}…`;
}

function cardText(extras: CardExtras | null, key: string): string {
  const value = extras?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

function cardTexts(extras: CardExtras | null, key: string): string[] {
  const value = extras?.[key];
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    : [];
}

/** The lorebook's entries (keys and content), one a line, within the lorebook's share. */
function loreText(lorebook: Lorebook | null): string {
  const lines: string[] = [];
  let length = 0;
  for (const entry of lorebook?.entries ?? []) {
    if (!entry.content.trim()) continue;
    const keys = [...entry.keys, ...entry.secondary_keys].join(', ');
    const line = cut(`- [${keys}] ${entry.content.trim()}`, ENTRY_MAX_CHARS);
    if (length + line.length > LORE_MAX_CHARS) break;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The card's texts as one labelled text, most telling first: the tags and nickname (short, and
 * as plain as a description), the scenario (who the character is in the story), the lorebook,
 * then the texts about how it is played (system prompt, example dialogue, greetings for groups,
 * post-history instructions) and last the creator's notes, which no prompt carries. The same
 * texts the adults-only rule reads (characters/card-fields.ts), cut to what a review can take.
 */
function otherText({ extras, lorebook }: CardTexts): string {
  const parts: [label: string, text: string, max: number][] = [
    ['Tags', cardTexts(extras, 'tags').join(', '), PART_MAX_CHARS],
    ['Nickname', cardText(extras, 'nickname'), PART_MAX_CHARS],
    ['Scenario', cardText(extras, 'scenario'), PART_MAX_CHARS],
    [
      'Lorebook entries ([keys] content, shown to the AI when a key comes up)',
      loreText(lorebook),
      LORE_MAX_CHARS,
    ],
    ['System prompt', cardText(extras, 'system_prompt'), PART_MAX_CHARS],
    ['Example dialogue', cardText(extras, 'mes_example'), PART_MAX_CHARS],
    [
      'Greetings in group chats',
      cardTexts(extras, 'group_only_greetings').join('\n\n'),
      PART_MAX_CHARS,
    ],
    ['Post-history instructions', cardText(extras, 'post_history_instructions'), PART_MAX_CHARS],
  ];
  const labelled = parts
    .filter(([, text]) => text !== '')
    .map(([label, text, max]) => `${label}:\n${cut(text, max)}`);
  return cut(labelled.join('\n\n'), OTHER_MAX_CHARS);
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
 * without a model. Call it only after the adults-only rule has passed (over the card's texts
 * too, when there is a card).
 */
export async function reviewCharacterAge(
  ctx: AppContext,
  userId: string,
  definition: CharacterDefinition,
  card?: CardTexts,
): Promise<void> {
  if (!ctx.llm.configured) return;
  const other = card ? otherText(card) : '';
  const read = other ? { ...definition, other } : definition;
  // Every review is a model call; this only stops floods (far above any real editing).
  await enforce(ctx.limiter, RATE_RULES.ageReviewsPerUser, userId);
  let answer: AgeVerdict;
  try {
    answer = await completeJson(
      ctx.llm,
      {
        messages: [
          { role: 'system', content: AGE_REVIEW_SYSTEM_PROMPT },
          { role: 'user', content: `Character definition (JSON): ${JSON.stringify(read)}` },
        ],
        ...MODEL_SETTINGS.ageReview,
        jsonSchema: AGE_VERDICT_JSON_SCHEMA,
        signal: AbortSignal.timeout(REVIEW_TIMEOUT_MS),
        usage: { userId, purpose: 'review' },
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
    // The verdict, never the model's reason: it may quote the character the user wrote.
    ctx.log.info({ userId }, 'age review refused a character as a minor');
    throw badRequest(minorMessage(answer.reason));
  }
  if (answer.verdict === 'unclear') {
    ctx.log.warn({ userId }, 'age review was unclear; the rule stands');
  }
}
