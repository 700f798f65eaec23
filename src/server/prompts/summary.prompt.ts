import type { ChatMessage } from '../integrations/llm';

/**
 * The summariser's prompts (issue 46 part 3). A summary is not the character speaking: it is
 * written by a neutral note-taker that names both sides (the user by their profile's name), so
 * it reads the same wherever it is put back, and never slips into role-play.
 */

/** Who is who in a summarised conversation. */
export interface SummaryNames {
  character: string;
  /** The user's name from their profile; 'the user' when they gave none. */
  user: string;
}

/** The summariser's system message. */
export function summarySystem({ character, user }: SummaryNames): ChatMessage {
  return {
    role: 'system',
    content:
      `You keep notes on a role-play chat between ${user} (a real person) and ${character} ` +
      `(a fictional character played by an AI), for the app to remember. Write plainly, in ` +
      `the third person and the past tense, calling them ${user} and ${character}. Keep what ` +
      `matters later: facts ${user} shared about themselves, names, places, plans, promises, ` +
      `how the two feel about each other, and where things were left. The chat is fiction ` +
      `between adults and may be explicit: note it matter-of-factly, without refusing, judging ` +
      `or adding warnings. No role-play, no quotes of whole messages, no commentary: only the notes.`,
  };
}

/** A transcript line: who said it, by name. */
export const transcriptLine = (names: SummaryNames, sender: 'user' | 'ai', content: string) =>
  `${sender === 'user' ? names.user : names.character}: ${content}`;

/** The rolling summary's words at most: about a tenth of an 8k window, room for a long story. */
export const ROLLING_SUMMARY_WORDS = 250;

/**
 * The conversation's rolling summary, brought up to date with what came after `previous` (none:
 * the summary starts here). What a prompt says was said "Earlier in this conversation".
 */
export function rollingSummaryRequest(previous: string | null, transcript: string): ChatMessage {
  const before = previous ? `The notes so far:\n${previous}\n\nWhat happened next:\n` : '';
  return {
    role: 'user',
    content:
      `${before}${transcript}\n\n` +
      `Summarise the whole conversation so far${previous ? ' (the notes and what happened next)' : ''} ` +
      `in at most ${ROLLING_SUMMARY_WORDS} words, oldest first, the latest events in the most ` +
      'detail. Only the summary.',
  };
}

/**
 * A conversation summarised into the character's working memory: what its other conversations
 * with the user will remember. `earlier`: the conversation's rolling summary of what came before
 * the transcript, when it has one.
 */
export function summaryRequest(
  { character, user }: SummaryNames,
  transcript: string,
  earlier: string | null = null,
): ChatMessage {
  const before = earlier ? `Earlier in the conversation:\n${earlier}\n\nThen:\n` : '';
  return {
    role: 'user',
    content:
      `${before}${transcript}\n\n` +
      `Summarise this conversation between ${character} and ${user} in at most 80 words: facts ` +
      `about ${user}, what happened, and how the relationship feels now. Only the summary.`,
  };
}
