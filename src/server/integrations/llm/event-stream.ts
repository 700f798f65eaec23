/**
 * The streaming chat completion's transport: one POST over node:http(s) whose Server-Sent Events
 * body is parsed as it arrives, each `data:` line handed out as parsed JSON.
 *
 * The OpenAI SDK does the same through fetch, web streams and two decoders, which a profile of
 * many concurrent replies showed as a large share of the per-token cost; everything else (plain
 * completions, images) still uses the SDK. Failures are ProviderHttpError / ProviderStreamError,
 * mapped to messages safe to show by openai-client.ts like the SDK's.
 */
import { channel } from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { releaseHead } from '../../http-head';

/** A provider answered with an error status (its body is read and dropped, never shown). */
export class ProviderHttpError extends Error {
  constructor(readonly status: number) {
    super(`upstream status ${status}`);
  }
}

/** The connection failed or the stream carried an error event or unreadable data. */
export class ProviderStreamError extends Error {}

/**
 * Connections to the provider are kept for the next request, but an idle one only for
 * FREE_SOCKET_MS: a provider or proxy closes idle connections after a while (often without saying
 * when, as a Keep-Alive header would), and a request sent on one just as it closes fails with
 * "socket hang up" (seen in bench section 6 with the double's 5 s). 4 s is what undici and
 * agentkeepalive use. Only idle connections have the timer: a request in flight (a model that
 * thinks for a minute) has none.
 */
const FREE_SOCKET_MS = 4_000;

function idleClosingAgent(Base: typeof http.Agent): http.Agent {
  const Agent = class extends Base {
    override keepSocketAlive(socket: Socket) {
      const keep = super.keepSocketAlive(socket);
      // The server's own Keep-Alive hint, when shorter, is what the base class set.
      const hinted = socket.timeout ?? 0;
      socket.setTimeout(hinted > 0 ? Math.min(hinted, FREE_SOCKET_MS) : FREE_SOCKET_MS);
      return keep;
    }
    override reuseSocket(socket: Socket, request: http.ClientRequest) {
      socket.setTimeout(0);
      super.reuseSocket(socket, request);
    }
  };
  return new Agent({ keepAlive: true });
}

const agents = {
  'http:': idleClosingAgent(http.Agent),
  'https:': idleClosingAgent(https.Agent as unknown as typeof http.Agent),
};

/**
 * Published with the request body just before a streamed completion is sent, for whoever
 * subscribes (the benchmark times our overhead up to this point); costs nothing otherwise.
 */
export const llmRequestChannel = channel('reverie:llm-stream-request');

/** Parsed once per address (the model's address does not change): a URL per request costs. */
const targets = new Map<string, URL>();
function targetOf(url: string): URL {
  let target = targets.get(url);
  if (!target) {
    target = new URL(url);
    if (targets.size < 16) targets.set(url, target);
  }
  return target;
}

/** How a request's answer is told: an error, or the response once its headers are here. */
export type Answered = (error: unknown, response?: http.IncomingMessage) => void;

/**
 * POSTs the JSON in `payload` to `url` and tells `answered` the response once its headers are
 * here (a success status), or the error (a ProviderHttpError, a failed connection). The holder is
 * emptied when the request is sent, and nothing here keeps the JSON afterwards: a prompt can be
 * large, and a model may think for seconds before it answers. A callback rather than a promise:
 * while the model thinks, a waiting request is its two listeners, and the one promise of the call
 * is its caller's (streamCompletion in openai-llm.ts; bench section 6, 2026-12-06).
 */
export function openEventStream(
  url: string,
  headers: Record<string, string>,
  holder: { json: string },
  /** Stops the request when the call is aborted (no AbortSignal: Node's would add a dozen listeners). */
  control: { attach(request: http.ClientRequest): void; readonly aborted: boolean },
  answered: Answered,
): void {
  const payload = holder.json;
  holder.json = '';
  const target = targetOf(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  if (llmRequestChannel.hasSubscribers) llmRequestChannel.publish({ body: payload });
  const request = transport.request(target, {
    method: 'POST',
    agent,
    headers: {
      ...headers,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'content-length': Buffer.byteLength(payload),
    },
  });
  control.attach(request);
  listenForAnswer(request, control, answered);
  request.end(payload);
  releaseHead(request);
}

/**
 * Tells `answered` once: a success status's response, or a ProviderHttpError, or the failed
 * connection. A function of its own, so the listeners' scope cannot hold the prompt. The error
 * listener stays after the response: a connection that breaks later emits 'error' on the request
 * too (the response's reader hears of it), which would otherwise be thrown.
 */
function listenForAnswer(
  request: http.ClientRequest,
  control: { readonly aborted: boolean },
  answered: Answered,
) {
  let told = false;
  request.once('response', (response: http.IncomingMessage) => {
    if (told) return;
    told = true;
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return answered(undefined, response);
    response.resume();
    answered(new ProviderHttpError(status));
  });
  request.on('error', (error) => {
    if (told) return;
    told = true;
    answered(control.aborted ? error : new ProviderStreamError('connection failed'));
  });
}

/** How long the end of a body may take to arrive after [DONE] before the connection is closed. */
const DRAIN_MS = 10_000;

function drainThenKeep(response: http.IncomingMessage) {
  const guard = setTimeout(() => response.destroy(), DRAIN_MS);
  response.once('end', () => clearTimeout(guard));
  response.once('close', () => clearTimeout(guard));
  response.resume();
}

/**
 * Reads an event-stream response to its end, handing each `data:` payload to `onEvent` as `parse`
 * reads it (JSON), synchronously and in order, as its bytes arrive; resolves at `[DONE]` or the
 * end of the body. Callbacks rather than an async iterator: a token then costs no promise, no
 * generator step and no suspended frame (a waiting reply is a few listeners on its socket,
 * decision 0028).
 * If `onEvent` throws, reading stops, the connection is closed and that error is the answer.
 */
export function readEvents(
  response: http.IncomingMessage,
  /** How a payload becomes the event (JSON.parse, or quicker; throws on what it cannot read). */
  parse: (data: string) => unknown,
  onEvent: (event: unknown) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let pending = '';
    let finished = false;
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      response.removeListener('data', onData);
      if (error !== undefined) {
        if (!response.complete) response.destroy();
        reject(error);
        return;
      }
      // After [DONE] the body's last bytes are usually still on their way: read them, so the
      // connection goes back to the agent for the next reply instead of being closed.
      if (!response.complete) drainThenKeep(response);
      resolve();
    };
    /** One line of the stream; true when the stream is over. */
    const onLine = (line: string): boolean => {
      if (!line.startsWith('data:')) return false; // event names, ids, comments, blank lines
      const data = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
      if (data === '[DONE]') {
        finish();
        return true;
      }
      let event: unknown;
      try {
        event = parse(data);
      } catch {
        finish(new ProviderStreamError('unreadable answer'));
        return true;
      }
      if (event && typeof event === 'object' && 'error' in event && event.error) {
        finish(new ProviderStreamError('error event in the stream'));
        return true;
      }
      try {
        onEvent(event);
      } catch (error) {
        finish(error);
        return true;
      }
      return false;
    };
    const onData = (chunk: string) => {
      const text = pending === '' ? chunk : pending + chunk;
      let start = 0;
      let end: number;
      while ((end = text.indexOf('\n', start)) !== -1) {
        const lineEnd = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
        if (onLine(text.slice(start, lineEnd))) return;
        start = end + 1;
      }
      pending = start === 0 ? text : text.slice(start);
    };
    response.setEncoding('utf8'); // a character split between two chunks is decoded whole
    response.on('data', onData);
    response.once('end', () => finish());
    // A destroyed request (abort, timeout) or a broken connection: the caller tells which.
    response.once('error', () => finish(new ProviderStreamError('connection failed')));
    response.once('close', () => {
      if (!response.complete) finish(new ProviderStreamError('connection failed'));
    });
  });
}
