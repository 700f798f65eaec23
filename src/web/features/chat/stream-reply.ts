import { EventSourceParserStream } from 'eventsource-parser/stream';
import type {
  ReplyResult,
  ReplyStreamError,
  SendMessageRequest,
} from '../../../shared/chat/contract';
import * as chat from '../../../shared/chat/endpoints';
import type { ErrorBody } from '../../../shared/http/error-body';
import type { Notice } from '../../../shared/safety/contract';
import { ApiError, urlOf } from '../../lib/api';

/**
 * Sends a message and streams the reply (Server-Sent Events): `onAccepted` runs once the server
 * has taken the message (it is stored from then on; the server answers at once with its headers
 * and an `accepted` event, before the model's first token), `onNotice` gets each notice shown
 * before the reply (the "not a human" and crisis notices, decision 0042), `onToken` the text as
 * it grows; resolves with the stored reply, whose text replaces what streamed (a reply withheld
 * for safety is stored as its replacement). Refusals before streaming (403 no credits, 503 no
 * model…) reject with an ApiError carrying the server's status and message.
 */
export async function streamReply(
  path: string,
  /** The message sent; none for a regenerate or a continue (the path names the reply). */
  body: SendMessageRequest | undefined,
  on: {
    onAccepted?: () => void;
    onNotice?: (notice: Notice) => void;
    onToken: (text: string) => void;
  },
): Promise<ReplyResult> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: body
      ? { 'content-type': 'application/json', accept: 'text/event-stream' }
      : { accept: 'text/event-stream' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      data.message || `${response.status}: ${response.statusText}`,
    );
  }
  on.onAccepted?.();
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value: message, done } = await events.read();
    if (done) break;
    // The server shapes each event with the contract's replyStreamEvents.
    const data: unknown = JSON.parse(message.data || 'null');
    if (message.event === 'token') on.onToken((data as { text: string }).text);
    if (message.event === 'notice') on.onNotice?.(data as Notice);
    if (message.event === 'done') return data as ReplyResult;
    if (message.event === 'error') {
      const failure = data as Partial<ReplyStreamError>;
      throw new ApiError(failure.status || 502, failure.message || 'The reply failed.');
    }
  }
  throw new ApiError(502, 'The reply was cut off. Please try again.');
}

/** A new alternative of a reply, or more of it (the same events as a reply). */
export const regeneratePath = (messageId: number) => urlOf(chat.regenerateReply, { messageId });
export const continuePath = (messageId: number) => urlOf(chat.continueReply, { messageId });

/** The endpoint for each mode, as the spec names them. */
export function replyPath(chatMode: string) {
  if (chatMode === 'immersive') return urlOf(chat.immersiveReply);
  if (chatMode === 'assistant') return urlOf(chat.assistantReply);
  return urlOf(chat.chatReply);
}
