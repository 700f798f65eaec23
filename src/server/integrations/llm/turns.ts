import type { ChatMessage } from './llm';

/**
 * What a Continue sends after the partial reply when the server cannot take an assistant prefill
 * (LLM_PREFILL=off, or it refused one): the model is asked, instead of trusted, to go on.
 */
export const CONTINUE_NUDGE =
  'Continue your last message from exactly where it stopped, in the same voice. Do not repeat any of it.';

/**
 * The user turn put before a history that opens with the character (its greeting): many chat
 * templates (Llama 2, Mistral, Gemma…) refuse or garble a conversation whose first turn is not the
 * user's. Short and neutral, so the model reads it as a marker, not as something to answer.
 */
export const OPENING_USER_TURN = '[Start of the conversation]';

export interface TurnOptions {
  /**
   * false: system text is sent as user text instead (LLM_SYSTEM_ROLE=merge, or a server that
   * refused system messages): each system message becomes a user turn where it stands, and so is
   * joined to the user turn beside it (the system prompt to the first one).
   */
  systemRole: boolean;
  /** false: a trailing assistant message is followed by CONTINUE_NUDGE rather than sent as a prefill. */
  prefill: boolean;
}

/** Whether the request asks the model to continue its own message (an assistant prefill). */
export function isPrefill(messages: readonly ChatMessage[]): boolean {
  const last = messages.at(-1);
  return last?.role === 'assistant' && last.content.trim() !== '';
}

/**
 * The turns as every OpenAI-compatible server accepts them: no empty turns, the first turn after
 * the system message the user's, no two turns of the same role in a row (joined with a blank
 * line: strict templates such as Mistral's reject user-user), and system text and prefills sent
 * the way `options` says. Copies role and content only; never changes the caller's array.
 */
export function prepareTurns(
  messages: readonly ChatMessage[],
  options: TurnOptions,
): ChatMessage[] {
  const turns: ChatMessage[] = [];
  for (const { role, content } of messages) {
    if (content.trim() !== '') turns.push({ role, content });
  }
  if (!options.prefill && isPrefill(turns)) turns.push({ role: 'system', content: CONTINUE_NUDGE });
  const firstTurn = turns.findIndex((turn) => turn.role !== 'system');
  if (firstTurn !== -1 && turns[firstTurn]!.role === 'assistant') {
    turns.splice(firstTurn, 0, { role: 'user', content: OPENING_USER_TURN });
  }
  if (!options.systemRole) {
    for (const turn of turns) if (turn.role === 'system') turn.role = 'user';
  }
  return joinSameRoles(turns);
}

function joinSameRoles(turns: ChatMessage[]): ChatMessage[] {
  const joined: ChatMessage[] = [];
  for (const turn of turns) {
    const last = joined.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else joined.push(turn);
  }
  return joined;
}
