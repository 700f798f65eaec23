import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type {
  RegenerateRequest,
  ReplyResult,
  ReplyStreamError,
  SceneTurnRequest,
  SendMessageRequest,
} from '../../../shared/chat/contract';
import * as chat from '../../../shared/chat/endpoints';
import { REPLY_CUT_OFF_MESSAGE, replyEventId } from '../../../shared/chat/rules';
import type { ErrorBody } from '../../../shared/http/error-body';
import type { Notice } from '../../../shared/safety/contract';
import { ApiError, urlOf } from '../../lib/api';

/** How often a message refused by a stopping server (503 with Retry-After) is sent again. */
const SEND_RETRIES = 2;
/** The longest Retry-After followed, in seconds: a longer one is the user's to retry. */
const MAX_RETRY_WAIT_S = 5;
/** The waits before each attempt to follow a reply again after its connection dropped (ms). */
const RECONNECT_WAITS_MS = [250, 1000, 2000, 4000, 8000];

/**
 * Sends a message and streams the reply (Server-Sent Events): `onAccepted` runs once the server
 * has taken the message (it is stored from then on; the server answers at once with its headers
 * and an `accepted` event, before the model's first token), `onNotice` gets each notice shown
 * before the reply (the "not a human" and crisis notices, decision 0042), `onToken` the text as
 * it grows; resolves with the stored reply, whose text replaces what streamed (a reply withheld
 * for safety is stored as its replacement). Refusals before streaming (403 no credits, 503 no
 * model…) reject with an ApiError carrying the server's status and message. A connection that
 * drops mid-reply is made again (`onReconnecting`) and the reply goes on where it stopped.
 */
export async function streamReply(
  path: string,
  /**
   * The message sent; none for a regenerate or a continue (the path names the reply), unless a
   * group scene's says who speaks (a scene's turn likewise).
   */
  body: SendMessageRequest | RegenerateRequest | SceneTurnRequest | undefined,
  on: {
    onAccepted?: () => void;
    onNotice?: (notice: Notice) => void;
    onToken: (text: string) => void;
    /** The connection dropped and is being made again (true), or was (false). */
    onReconnecting?: (reconnecting: boolean) => void;
    /** Who answers, as the run's `accepted` event says it (a group scene's character; else null). */
    onSpeaker?: (speakerId: number | null) => void;
  },
): Promise<ReplyResult> {
  const send = () =>
    fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: body
        ? { 'content-type': 'application/json', accept: 'text/event-stream' }
        : { accept: 'text/event-stream' },
      body: body ? JSON.stringify(body) : undefined,
    });
  let response = await send();
  // A server that is stopping (a release) refuses new replies with 503 and Retry-After before
  // storing or charging anything: sent again after the wait, the message reaches another server,
  // and the user sees only a slower start. A longer wait (replies paused for maintenance) is
  // told to the user at once, with the server's message.
  for (let retry = 0; retry < SEND_RETRIES && response.status === 503; retry++) {
    const wait = Number(response.headers.get('retry-after'));
    if (!response.headers.has('retry-after') || !(wait <= MAX_RETRY_WAIT_S)) break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    response = await send();
  }
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      data.message || `${response.status}: ${response.statusText}`,
    );
  }
  on.onAccepted?.();
  // The reply is a run on the server (issue 44): a connection that drops is followed again from
  // the last event seen, on whichever server answers, and the text goes on where it stopped.
  const run: RunPlace = { replyId: null, lastEventId: replyEventId({ notices: 0, chars: 0 }) };
  let result = await readEvents(response, run, on);
  for (let attempt = 0; result === null; attempt++) {
    if (run.replyId === null || attempt >= RECONNECT_WAITS_MS.length)
      throw new ApiError(502, REPLY_CUT_OFF_MESSAGE);
    on.onReconnecting?.(true);
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_WAITS_MS[attempt]));
    const again = await fetch(urlOf(chat.replyEvents, { replyId: run.replyId }), {
      credentials: 'include',
      headers: { accept: 'text/event-stream', 'last-event-id': run.lastEventId },
    }).catch(() => null); // still offline: wait and try again
    if (again === null) continue;
    if (!again.ok || !again.body) {
      // A server busy or stopping is tried again; a run that is gone (404) ended unseen.
      if (again.status >= 500 || again.status === 429) continue;
      throw new ApiError(again.status === 404 ? 502 : again.status, REPLY_CUT_OFF_MESSAGE);
    }
    on.onReconnecting?.(false);
    const seen = run.lastEventId;
    result = await readEvents(again, run, on);
    if (run.lastEventId !== seen) attempt = -1; // it went on: a later drop starts over
  }
  return result;
}

/** What a reconnect needs: the run's id (from `accepted`) and the last event id seen. */
interface RunPlace {
  replyId: string | null;
  lastEventId: string;
}

/**
 * Reads a response's events, telling `on` the notices and the text; resolves with the stored
 * reply, or null when the connection ended or broke before the run's end.
 */
async function readEvents(
  response: Response,
  run: RunPlace,
  on: Parameters<typeof streamReply>[2],
): Promise<ReplyResult | null> {
  const events = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    let message: EventSourceMessage;
    try {
      const read = await events.read();
      if (read.done) return null;
      message = read.value;
    } catch {
      return null; // the network dropped
    }
    if (message.id) run.lastEventId = message.id;
    // The server shapes each event with the contract's replyStreamEvents.
    const data: unknown = JSON.parse(message.data || 'null');
    if (message.event === 'accepted') {
      const accepted = data as { replyId?: string; speakerId?: number };
      run.replyId = accepted.replyId ?? null;
      on.onSpeaker?.(accepted.speakerId ?? null);
    }
    if (message.event === 'token') on.onToken((data as { text: string }).text);
    if (message.event === 'notice') on.onNotice?.(data as Notice);
    if (message.event === 'done') return data as ReplyResult;
    if (message.event === 'error') {
      const failure = data as Partial<ReplyStreamError>;
      throw new ApiError(failure.status || 502, failure.message || 'The reply failed.');
    }
  }
}

/** A new alternative of a reply, or more of it (the same events as a reply). */
export const regeneratePath = (messageId: number) => urlOf(chat.regenerateReply, { messageId });
export const continuePath = (messageId: number) => urlOf(chat.continueReply, { messageId });
/** A group scene's character speaking without a message from the user (issue 51): the same events. */
export const turnPath = (id: number) => urlOf(chat.sceneTurn, { id });

/** The endpoint for each mode, as the spec names them. */
export function replyPath(chatMode: string) {
  if (chatMode === 'immersive') return urlOf(chat.immersiveReply);
  if (chatMode === 'assistant') return urlOf(chat.assistantReply);
  return urlOf(chat.chatReply);
}
