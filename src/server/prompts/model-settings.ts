import type { ChatMode } from '../../shared/chat/rules';
import type { CompletionRequest } from '../integrations/llm';

/**
 * Tokens kept free in the context for the model's answer to a chat message: above the largest
 * reply any mode asks for (REPLY_MAX_TOKENS), so the prompt fits whatever the mode, with room for
 * the prompt's token estimate being a little short.
 */
export const REPLY_TOKENS = 1024;

export type ModelSettings = Pick<
  CompletionRequest,
  'temperature' | 'topP' | 'frequencyPenalty' | 'presencePenalty' | 'maxTokens' | 'operatorSampling'
>;

/**
 * A reply's length cap per mode, a little above what the mode asks for so a reply is rarely cut
 * mid-sentence, and low enough that a model that rambles on stops. Texting is a few short
 * bubbles: 300 tokens is several texts (a page of English, still a few hundred characters of
 * Japanese). A message is a letter of a few paragraphs (600). Story Mode narrates two to four
 * paragraphs (700). The assistant explains and lists, the longest answers (800). All stay under
 * REPLY_TOKENS, which the prompt budget reserves.
 */
const REPLY_MAX_TOKENS: Record<ChatMode, number> = {
  texting: 300,
  message: 600,
  immersive: 700,
  assistant: 800,
};

/**
 * Sampling for replies: warm enough to stay lively, a nucleus cut so the tail does not derail,
 * and light penalties so long role-plays do not loop on the same phrases (higher ones make models
 * avoid the character's and user's names). Operators replace it per model from the environment
 * (LLM_SAMPLING), in the gateway.
 */
const REPLY_SAMPLING = {
  temperature: 0.9,
  topP: 0.95,
  frequencyPenalty: 0.2,
  presencePenalty: 0.2,
  operatorSampling: true,
} as const satisfies ModelSettings;

/** The reply's settings for a chat mode: its length cap and the reply sampling. */
export function replySettings(mode: ChatMode): ModelSettings {
  return { ...REPLY_SAMPLING, maxTokens: REPLY_MAX_TOKENS[mode] };
}

/**
 * How each call to the model is tuned, in one table: creative writing runs warm, summaries and
 * the age review cool, and each answer's length is capped to what it needs. The prompts beside
 * this file say what is asked; this says how.
 */
export const MODEL_SETTINGS = {
  /** A character's chat or story reply, when the mode is not known (see replySettings). */
  reply: { ...REPLY_SAMPLING, maxTokens: REPLY_TOKENS },
  /** Story mode's opening scene. */
  scenario: { temperature: 0.9, maxTokens: 600, operatorSampling: true },
  /** Story mode's four suggested actions: four actions under 15 words, as JSON (~150 tokens). */
  storyOptions: { temperature: 0.9, maxTokens: 400, operatorSampling: true },
  /** A conversation's summary for the character's working memory. */
  summary: { temperature: 0.3, maxTokens: 300 },
  /** A conversation's rolling summary: up to ROLLING_SUMMARY_WORDS (250) words, any script. */
  rollingSummary: { temperature: 0.3, maxTokens: 600 },
  /**
   * 'Generate with AI' on the create page: a profile as JSON, up to ~700 characters of text
   * (name, description, personality, preferences, roles), which in CJK is about as many tokens.
   */
  character: { temperature: 0.9, maxTokens: 1000, operatorSampling: true },
  /** A picture's scene and caption (issue 50): under 80 words and a line, as JSON. */
  pictureScene: { temperature: 0.8, maxTokens: 400, operatorSampling: true },
  /** A check-in (issue 52): a character's first message, a text or two, warm like a reply. */
  checkIn: { temperature: 0.9, maxTokens: 200, operatorSampling: true },
  /** Who speaks next in a group scene (issue 51): one name, as JSON. */
  nextSpeaker: { temperature: 0, maxTokens: 40 },
  /** The second opinion on a character's age: deterministic and short. */
  ageReview: { temperature: 0, maxTokens: 200 },
  /** The second opinion on an unclear message (crisis protocol): deterministic and short. */
  safetyReview: { temperature: 0, maxTokens: 120 },
} as const satisfies Record<string, ModelSettings>;
