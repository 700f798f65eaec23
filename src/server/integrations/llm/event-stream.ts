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

/** A provider answered with an error status (its body is read and dropped, never shown). */
export class ProviderHttpError extends Error {
  constructor(readonly status: number) {
    super(`upstream status ${status}`);
  }
}

/** The connection failed or the stream carried an error event or unreadable data. */
export class ProviderStreamError extends Error {}

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * Published with the request body just before a streamed completion is sent, for whoever
 * subscribes (the benchmark times our overhead up to this point); costs nothing otherwise.
 */
export const llmRequestChannel = channel('reverie:llm-stream-request');

/**
 * POSTs the JSON in `payload` to `url` and resolves with the response once its headers are here.
 * The holder is emptied when the request is sent, and nothing here keeps the JSON afterwards: a
 * prompt can be large, and a model may think for seconds before it answers.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
  holder: { json: string },
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  let payload = holder.json;
  holder.json = '';
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  if (llmRequestChannel.hasSubscribers) llmRequestChannel.publish({ body: payload });
  const request = transport.request(target, {
    method: 'POST',
    agent,
    signal,
    headers: {
      ...headers,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'content-length': Buffer.byteLength(payload),
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', (error) =>
      reject(signal.aborted ? error : new ProviderStreamError('connection failed')),
    );
  });
  // Sent outside the closures above: they live as long as the request, the prompt must not.
  request.end(payload);
  payload = '';
  const response = await answered;
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    response.resume();
    throw new ProviderHttpError(status);
  }
  return response;
}

/**
 * Yields each `data:` payload of an event-stream response as parsed JSON, until `[DONE]` or the
 * end of the body. Leaving early closes the connection.
 */
export async function* readEvents(
  response: http.IncomingMessage,
  signal: AbortSignal,
): AsyncGenerator<unknown, void, undefined> {
  try {
    response.setEncoding('utf8'); // a character split between two chunks is decoded whole
    let pending = '';
    for await (const chunk of response as AsyncIterable<string>) {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\n')) !== -1) {
        const line =
          pending.charCodeAt(end - 1) === 13 ? pending.slice(0, end - 1) : pending.slice(0, end);
        pending = pending.slice(end + 1);
        if (!line.startsWith('data:')) continue; // event names, ids, comments, blank lines
        const data = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        if (data === '[DONE]') return;
        let event: unknown;
        try {
          event = JSON.parse(data);
        } catch {
          throw new ProviderStreamError('unreadable answer');
        }
        if (event && typeof event === 'object' && 'error' in event && event.error) {
          throw new ProviderStreamError('error event in the stream');
        }
        yield event;
      }
    }
  } catch (error) {
    // A destroyed request (abort, timeout) surfaces here as a premature close.
    if (error instanceof ProviderStreamError || signal.aborted) throw error;
    throw new ProviderStreamError('connection failed');
  } finally {
    if (!response.complete) response.destroy();
  }
}
