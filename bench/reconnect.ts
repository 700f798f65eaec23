import http from 'node:http';
import { stats, statsRow, type Stats } from './stats';

/**
 * Section 9: replies that lose their connection (issue 44). Each reply's connection is dropped
 * at random points of its text (the socket destroyed, as a phone losing its network), and the
 * client follows the run again at once with the last event id it saw (GET
 * /api/replies/{replyId}/events, Last-Event-ID). Measured: the time from sending that request to
 * its first event (reconnect-to-resume), and every reply's text as the client put it together
 * against the stored reply (characters lost or told twice). The reference, in the same run: a new
 * reply's time from its POST to its first event (`accepted`), on the same server and load.
 */

export interface ReconnectSettings {
  /** Replies streamed, `concurrency` at a time. */
  replies: number;
  concurrency: number;
  /** Forced disconnects per reply, at random points of its text. */
  cutsPerReply: number;
}

export interface ReconnectTarget {
  path: string;
  cookie: string;
  conversationId: number;
}

export interface ReconnectResult {
  replies: number;
  disconnects: number;
  /** Replies whose text as put together differed from the stored one. */
  mismatched: number;
  /** Characters missing from, or more than in, the stored replies, summed. */
  lostOrDuplicatedChars: number;
  errors: number;
  errorSamples: string[];
  /** Sending the reconnect → its answer's head: the server found the run and follows it (ms). */
  resumeHeadMs: Stats;
  /**
   * Sending the reconnect → its first event: the head, with the text told since the drop if
   * any, else the next text the reply's guard releases (ms).
   */
  resumeMs: Stats;
  /** Reference: sending a new reply's POST → its `accepted` event (ms). */
  firstEventMs: Stats;
}

interface Event {
  event: string;
  id: string | undefined;
  data: string;
}

/** One request read as Server-Sent Events, event by event; `drop()` destroys its socket. */
function eventRequest(
  baseUrl: string,
  path: string,
  options: { method: string; cookie: string; body?: string; lastEventId?: string },
  onEvent: (event: Event, drop: () => void) => void,
  onHead: () => void = () => undefined,
): Promise<{ status: number; ended: 'end' | 'dropped' }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method: options.method,
        headers: {
          accept: 'text/event-stream',
          cookie: options.cookie,
          origin: baseUrl,
          ...(options.body
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(options.body),
              }
            : {}),
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (response) => {
        onHead();
        response.setEncoding('utf8');
        let buffer = '';
        let dropped = false;
        const drop = () => {
          dropped = true;
          request.destroy();
        };
        response.on('data', (chunk: string) => {
          if (dropped) return;
          buffer += chunk;
          let end: number;
          while (!dropped && (end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) => fieldOf(block, name);
            if (block.startsWith(':')) continue; // a keep-alive comment
            onEvent(
              { event: field('event') ?? '', id: field('id'), data: field('data') ?? '' },
              drop,
            );
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ended: 'end' }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, ended: 'dropped' }));
        response.on('close', () =>
          resolve({ status: response.statusCode ?? 0, ended: dropped ? 'dropped' : 'end' }),
        );
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return; // our own drop
      reject(error);
    });
    request.end(options.body);
  });
}

function fieldOf(block: string, name: string): string | undefined {
  for (const line of block.split('\n'))
    if (line.startsWith(`${name}: `)) return line.slice(name.length + 2);
  return undefined;
}

/** Streams one reply, dropping its connection at `cuts` (characters of its text, ascending). */
async function oneReply(
  baseUrl: string,
  target: ReconnectTarget,
  cuts: number[],
  out: { resumeMs: number[]; resumeHeadMs: number[]; firstEventMs: number[]; errors: string[] },
): Promise<{ text: string; stored: string; disconnects: number } | null> {
  let text = '';
  let replyId: string | undefined;
  let lastEventId: string | undefined;
  let stored: string | null = null;
  let failed: string | null = null;
  let disconnects = 0;
  let sent = performance.now();
  let first = true;
  let dropping = false;
  const onEvent = (kind: 'post' | 'resume') => (event: Event, drop: () => void) => {
    if (first) {
      (kind === 'post' ? out.firstEventMs : out.resumeMs).push(performance.now() - sent);
      first = false;
    }
    if (event.id) lastEventId = event.id;
    const data = JSON.parse(event.data || 'null');
    if (event.event === 'accepted') replyId = data.replyId;
    if (event.event === 'token') text += data.text;
    if (event.event === 'done') stored = data.message;
    if (event.event === 'error') failed = data.message;
    // Past a cut the connection drops a moment later (0–60 ms): text may be on its way then.
    if (
      !dropping &&
      stored === null &&
      failed === null &&
      cuts.length > 0 &&
      text.length >= cuts[0]!
    ) {
      while (cuts.length > 0 && text.length >= cuts[0]!) cuts.shift();
      dropping = true;
      disconnects++;
      setTimeout(drop, Math.random() * 60);
    }
  };
  const onHead = () => out.resumeHeadMs.push(performance.now() - sent);
  const body = JSON.stringify({
    message: 'Tell me about the rain',
    conversationId: target.conversationId,
  });
  let answer = await eventRequest(
    baseUrl,
    target.path,
    { method: 'POST', cookie: target.cookie, body },
    onEvent('post'),
  );
  if (answer.status !== 200) {
    out.errors.push(`POST ${answer.status}`);
    return null;
  }
  while (stored === null && failed === null) {
    if (!replyId || !lastEventId) {
      out.errors.push('no run to follow');
      return null;
    }
    sent = performance.now();
    first = true;
    dropping = false;
    answer = await eventRequest(
      baseUrl,
      `/api/replies/${replyId}/events`,
      { method: 'GET', cookie: target.cookie, lastEventId },
      onEvent('resume'),
      onHead,
    );
    if (answer.status !== 200) {
      out.errors.push(`GET events ${answer.status}`);
      return null;
    }
  }
  if (failed !== null) {
    out.errors.push(`reply failed: ${String(failed).slice(0, 80)}`);
    return null;
  }
  return { text, stored: stored!, disconnects };
}

export async function measureReconnects(options: {
  baseUrl: string;
  targets: ReconnectTarget[];
  settings: ReconnectSettings;
  /** The reply's length in characters, to spread the cuts over. */
  replyChars: number;
}): Promise<ReconnectResult> {
  const { baseUrl, targets, settings, replyChars } = options;
  const out = {
    resumeMs: [] as number[],
    resumeHeadMs: [] as number[],
    firstEventMs: [] as number[],
    errors: [] as string[],
  };
  let next = 0;
  let mismatched = 0;
  let lost = 0;
  let disconnects = 0;
  let done = 0;
  const worker = async () => {
    while (next < settings.replies) {
      const i = next++;
      const cuts = Array.from({ length: settings.cutsPerReply }, () =>
        Math.floor(1 + Math.random() * (replyChars - 2)),
      ).sort((a, b) => a - b);
      const result = await oneReply(baseUrl, targets[i % targets.length]!, cuts, out);
      if (!result) continue;
      done++;
      disconnects += result.disconnects;
      if (result.text !== result.stored) {
        mismatched++;
        lost += Math.abs(result.text.length - result.stored.length) || 1;
      }
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  return {
    replies: done,
    disconnects,
    mismatched,
    lostOrDuplicatedChars: lost,
    errors: out.errors.length,
    errorSamples: out.errors.slice(0, 3),
    resumeHeadMs: stats(out.resumeHeadMs),
    resumeMs: stats(out.resumeMs),
    firstEventMs: stats(out.firstEventMs),
  };
}

export function printReconnects(result: ReconnectResult, settings: ReconnectSettings) {
  console.log(
    '9) Replies that lose their connection: dropped at random points, followed again at once',
  );
  console.log(
    `   ${settings.replies} replies, ${settings.concurrency} at a time, ${settings.cutsPerReply} ` +
      'drops each at random points of the text; the client reconnects with the last event id',
  );
  console.log(
    '   (the first event waits for text: the reply guard releases words in bursts, so it is ' +
      'the model and the guard, not the reconnect, when nothing was told since the drop)',
  );
  console.log(`${' '.repeat(48)}p50    p90    p99    max`);
  console.log(statsRow('reconnect sent → answer, following (ms)', result.resumeHeadMs));
  console.log(statsRow('reconnect sent → first event (ms)', result.resumeMs));
  console.log(statsRow('reference: new reply POST → accepted (ms)', result.firstEventMs));
  console.log(
    `   ${result.disconnects} forced disconnects over ${result.replies} replies: ` +
      `${result.mismatched} replies put together differently from the stored one ` +
      `(${result.lostOrDuplicatedChars} characters lost or twice); ${result.errors} errors` +
      (result.errorSamples.length ? ` (${result.errorSamples.join('; ')})` : ''),
  );
}
