import { z } from 'zod';
import { MAX_ID } from './ids';

/** Stored chat modes; any other value is treated as 'assistant' (spec section 3). */
export const CHAT_MODES = ['immersive', 'message', 'texting', 'assistant'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

export function normalizeChatMode(value: unknown): ChatMode {
  return value === 'immersive' || value === 'message' || value === 'texting' ? value : 'assistant';
}

export const isStoryMode = (mode: ChatMode) => mode === 'immersive';

/** Spec section 9 "Characters and chat". */
export const CHAT_LIMITS = {
  /** Sidebar preview of the last message. */
  excerptLength: 28,
  storyOptionCount: 4,
  /** Conversations longer than this are summarised into the character's working memory. */
  summarizeAfterMessages: 10,
  messageMaxLength: 4000,
  /** Texting bubbles: each appears after index × 1 s + 0.5 s. */
  bubbleDelayMs: 1000,
  bubbleOffsetMs: 500,
  newMessageMarkerMs: 5000,
  copyConfirmationMs: 2000,
  hoverToolbarMs: 1000,
  longPressMs: 550,
  messageBoxMaxHeightPx: 128,
  splashStepMs: 2000,
  splashTotalMs: 8000,
  /**
   * The loading splash over the chat screen: 2 s on the first chat load of a browser tab. (The
   * spec's 1 s splash on a character change is dropped: switches are instant, decision 0006.)
   */
  chatSplashMs: 2000,
} as const;

/** What an operator sets to get replies working, shown to staff and logged at start-up. */
export const LLM_SETUP_EXAMPLE = 'LLM_BASE_URL=http://localhost:11434/v1 LLM_MODELS=llama3.1:8b';

export const OUT_OF_CREDITS_MESSAGE = "Sorry, you're out of credits. Please refill to continue.";

/** The sidebar's last-message preview: cut at 28 characters plus '...'. */
export function excerpt(
  text: string | null | undefined,
  length: number = CHAT_LIMITS.excerptLength,
) {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

/**
 * Texting replies arrive as several short texts: the model separates them with blank lines.
 * Each non-empty paragraph becomes one bubble; a reply without blank lines is one bubble.
 */
export function splitIntoBubbles(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** When bubble `index` of a fresh reply appears (ms after arrival). */
export const bubbleRevealDelay = (index: number) =>
  index * CHAT_LIMITS.bubbleDelayMs + CHAT_LIMITS.bubbleOffsetMs;

export const messageTextSchema = z
  .string({ error: 'Please type a message first.' })
  .trim()
  .min(1, 'Please type a message first.')
  .max(
    CHAT_LIMITS.messageMaxLength,
    `Messages can be at most ${CHAT_LIMITS.messageMaxLength} characters.`,
  );

export interface StoryOption {
  number: number;
  option: string;
}

/** Any value is accepted: immersive, message and texting are kept, anything else is assistant. */
const chatModeSchema = z.string().optional();

const idSchema = z.coerce
  .number({ error: 'Unknown id' })
  .int('Unknown id')
  .positive('Unknown id')
  .max(MAX_ID, 'Unknown id');

export const createConversationSchema = z.object({
  characterId: idSchema,
  chatMode: chatModeSchema,
  model: z.string().max(200).optional(),
});

export const updateConversationSchema = z.object({
  model: z.string().min(1, 'Choose a model').max(200),
});

export const sendMessageSchema = z.object({
  message: messageTextSchema,
  conversationId: idSchema,
  model: z.string().max(200).optional(),
  chatMode: chatModeSchema,
});

export const editMessageSchema = z.object({
  content: messageTextSchema,
  conversationId: idSchema.optional(),
  characterId: idSchema.optional(),
});

export const FEEDBACK_VALUES = ['GOOD', 'BAD'] as const;
/**
 * The spec's body is the message pair as text. Our web app also sends `messageId` (the rated
 * reply): the server then stores the pair as it is in the conversation, not as the client says,
 * and a second vote on the same reply replaces the first.
 */
export const feedbackSchema = z.object({
  aiMessage: z.string().trim().min(1, 'Missing message').max(20_000),
  userMessage: z.string().trim().max(20_000).default(''),
  feedback: z.enum(FEEDBACK_VALUES, { error: 'Feedback must be GOOD or BAD' }),
  messageId: idSchema.optional(),
});

export const generateScenarioSchema = z.object({
  message: z.string().trim().max(CHAT_LIMITS.messageMaxLength).optional(),
});

export const generateOptionsSchema = z.object({ conversationId: idSchema });

/**
 * GET /api/models: whether a language model is configured at all, and the allow-list, shown only
 * to staff (the picker is hidden from users; staff also learn what to set when none is).
 */
export interface ModelChoice {
  available: boolean;
  staff: boolean;
  canChoose: boolean;
  models: string[];
  defaultModel: string | null;
}

export interface ConversationSummary {
  id: number;
  characterId: number | null;
  title: string;
  lastMessage: string | null;
  message_count: number;
  chatMode: ChatMode;
  model: string | null;
  updatedAt: string;
}

export interface ConversationDetail extends ConversationSummary {
  scenario: string | null;
  currentOptions: StoryOption[];
}

export interface ChatMessageView {
  id: number;
  conversationId: number;
  content: string;
  sender: 'user' | 'ai';
  createdAt: string;
}
