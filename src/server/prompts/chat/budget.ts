import { HttpError } from '../../errors';
import { estimateTextTokens, estimateTokens } from '../tokens';

/** How the context window is shared out (decision 0052). */

/** The greeting kept as the character's voice takes at most this share of the context. */
export const VOICE_SHARE = 0.05;
/** The summary of what left the window takes at most this share. */
export const SUMMARY_SHARE = 0.15;
/** The lorebook's entries take at most this share (a book's own token_budget may be less). */
export const LORE_SHARE = 0.1;
/**
 * The least room left for the newest message once the system message, the reminder and the reply
 * are counted: less and the window cannot hold a conversation (ContextTooSmallError). A longer
 * newest message is cut to fit.
 */
export const MIN_TURN_TOKENS = 256;

/**
 * LLM_CONTEXT_TOKENS cannot hold this prompt and its reply. An HttpError (503: the server's
 * setting, not the user's doing), so every caller answers with this one line.
 */
export class ContextTooSmallError extends HttpError {
  constructor(
    /** What the window would have to hold, in estimated tokens. */
    readonly needed: number,
    readonly contextTokens: number,
  ) {
    super(
      503,
      `LLM_CONTEXT_TOKENS is too small for this character's prompt and a reply: it is ${contextTokens}, and about ${needed} are needed.`,
    );
    this.name = 'ContextTooSmallError';
  }
}

/**
 * The newest items whose estimated tokens fit `budget`, in their original order (oldest first).
 * Used for history, memories and the transcripts read by the story and summary helpers.
 */
export function newestWithin<T>(items: readonly T[], text: (item: T) => string, budget: number) {
  const kept: T[] = [];
  let used = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    const cost = estimateTokens(text(items[i]!));
    if (used + cost > budget) break;
    used += cost;
    kept.push(items[i]!);
  }
  return kept.reverse();
}

const ELLIPSIS = '…';
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The end of `text` within `tokens` estimated text tokens, its start cut and marked with "…"
 * (a message too long for the window: what it ends on is what the reply answers or goes on from).
 */
export function lastPart(text: string, tokens: number): string {
  if (estimateTextTokens(text) <= tokens) return text;
  // The fewest characters cut that fit, found by halving (only for a message that overflows).
  let low = 1;
  let high = text.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (estimateTextTokens(ELLIPSIS + text.slice(mid)) <= tokens) high = mid;
    else low = mid + 1;
  }
  let start = low;
  if (start < text.length && isLowSurrogate(text.charCodeAt(start))) start++;
  return ELLIPSIS + text.slice(start);
}

/**
 * The start of `text` within `tokens` estimated text tokens, ending at a sentence's end when one
 * is near, marked with "…" (the greeting kept as an example of the character's voice).
 */
export function firstPart(text: string, tokens: number): string {
  if (estimateTextTokens(text) <= tokens) return text;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (estimateTextTokens(text.slice(0, mid) + ELLIPSIS) <= tokens) low = mid;
    else high = mid - 1;
  }
  let end = low;
  if (end > 0 && isLowSurrogate(text.charCodeAt(end))) end--;
  const head = text.slice(0, end);
  const sentence = Math.max(
    ...['. ', '! ', '? ', '\n', '。', '！', '？'].map((e) => head.lastIndexOf(e)),
  );
  const cut = sentence > end * 0.6 ? head.slice(0, sentence + 1) : head;
  return cut.trimEnd() + ELLIPSIS;
}
