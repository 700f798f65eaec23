import type { LlmDouble, LlmReply } from '../../doubles/llm-server';

/** The response_format name of the second opinion on a character's age. */
export const AGE_REVIEW = 'age_review';

/** A model answer to the age review. */
export function ageVerdict(verdict: 'adult' | 'minor' | 'unclear', reason = ''): LlmReply {
  return { content: JSON.stringify({ verdict, reason }) };
}

/** Makes the stand-in model call every character an adult, as a working model would. */
export function answerAgeReviewsAsAdult(llm: LlmDouble): void {
  llm.answerSchema(AGE_REVIEW, ageVerdict('adult', 'An adult with an adult life.'));
}

/** The requests that asked for JSON under `schema`. */
export function requestsFor(llm: LlmDouble, schema: string) {
  return llm.requests.filter((r) => r.body?.response_format?.json_schema?.name === schema);
}
