/** Chat's rules both sides follow: modes, limits, copy and text shaping (no zod: cheap to import). */

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
  /** …and summarised again every this many messages while the summary is kept (issue 46). */
  resummarizeEvery: 20,
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

/**
 * The conversation list's pages (decision 0016): how many one holds unless `limit` says
 * otherwise, and the most a client may ask for.
 */
export const CONVERSATION_PAGES = { size: 30, max: 100 } as const;

/** The longest name a user may give a conversation, and the longest search of the list. */
export const CONVERSATION_TITLE_MAX = 100;
export const CONVERSATION_SEARCH_MAX = 100;
export const CONVERSATION_TITLE_EMPTY = 'Please give the conversation a name.';

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

/** A conversation's title: the user's first message on the branch being read, cut short. */
export const conversationTitle = (firstUserMessage: string) => excerpt(firstUserMessage, 40);

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

/**
 * How a continuation joins the reply it continues: a space between words the model would
 * otherwise glue together ("thee" + "to a…"), nothing where either side has one already.
 */
export function continuationJoin(before: string, addition: string): string {
  const glued = /\S$/.test(before) && /^[\p{L}\p{N}]/u.test(addition);
  return glued ? ` ${addition}` : addition;
}

/** A reply whose run ended before its end reached the client, and that nobody can go on with. */
export const REPLY_CUT_OFF_MESSAGE = 'The reply was cut off. Please try again.';

/**
 * Where a reader is in a reply run's events (issue 44): how many notices and how many characters
 * of the reply it has been told. Each event's SSE id is the position after it, `<notices>.<chars>`;
 * a reader that reconnects names the last id it saw (Last-Event-ID or `?after=`) and is told the
 * rest.
 */
export interface ReplyPosition {
  notices: number;
  chars: number;
}

export const replyEventId = (p: ReplyPosition) => `${p.notices}.${p.chars}`;

/** The position an event id names; null for anything else. */
export function parseReplyEventId(id: string | undefined | null): ReplyPosition | null {
  const match = /^(\d{1,6})\.(\d{1,9})$/u.exec(id ?? '');
  return match ? { notices: Number(match[1]), chars: Number(match[2]) } : null;
}

/** A group scene (issue 51): how many of the user's characters it holds. */
export const GROUP_SCENE_SIZE = { min: 2, max: 5 } as const;

export const GROUP_SCENE_MESSAGES = {
  size: `A group scene has ${GROUP_SCENE_SIZE.min} to ${GROUP_SCENE_SIZE.max} of your characters.`,
  twice: 'Each character joins a scene once.',
  oneOrTheOther:
    'Start a conversation with one character (characterId) or a group scene (characterIds).',
  notInScene: 'That character is not in this scene.',
  notHere: 'That character is not here now. Bring them back into the scene first.',
  nobodyHere: 'Keep at least one character in the scene.',
  notGroup: 'This conversation is not a group scene.',
  nobodyToSpeak: 'Nobody is here to answer. Bring a character back into the scene first.',
  nothingYet: 'The scene has not begun yet. Say something first.',
} as const;
