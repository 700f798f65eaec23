import type { CompletionRequest } from '../integrations/llm';

/** Tokens kept free in the context for the model's answer to a chat message. */
export const REPLY_TOKENS = 1024;

type ModelSettings = Pick<CompletionRequest, 'temperature' | 'maxTokens'>;

/**
 * How each call to the model is tuned, in one table: creative writing runs warm, summaries and
 * the age review cool, and each answer's length is capped to what it needs. The prompts beside
 * this file say what is asked; this says how.
 */
export const MODEL_SETTINGS = {
  /** A character's chat or story reply. */
  reply: { maxTokens: REPLY_TOKENS },
  /** Story mode's opening scene. */
  scenario: { temperature: 0.9, maxTokens: 600 },
  /** Story mode's four suggested actions. */
  storyOptions: { temperature: 0.9 },
  /** A conversation's summary for the character's working memory. */
  summary: { temperature: 0.3, maxTokens: 300 },
  /** 'Generate with AI' on the create page. */
  character: { temperature: 0.9 },
  /** The second opinion on a character's age: deterministic and short. */
  ageReview: { temperature: 0, maxTokens: 200 },
  /** The second opinion on an unclear message (crisis protocol): deterministic and short. */
  safetyReview: { temperature: 0, maxTokens: 120 },
} as const satisfies Record<string, ModelSettings>;
