/**
 * The benchmark's load process, forked by bench/run.ts: it runs the LLM double (the "provider")
 * and every client, so neither the provider's work nor the clients' work is counted as the
 * server's event-loop lag. It obeys commands sent over the IPC channel and answers with results.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startLlmDouble } from '../tests/doubles/llm-server';
import { cpuMsSince } from './machine-cpu';

/** One conversation a client writes to, with the session cookie of its owner. */
export interface Target {
  cookie: string;
  conversationId: number;
  /** /api/chat, /api/assistant or /api/immersive-chat, matching the conversation's mode. */
  path: string;
}

export interface TtftTask extends Target {
  benchId: string;
}

export interface TtftSample {
  benchId: string;
  /** From sending the POST to the first `event: token` at the client; null on failure. */
  ttftMs: number | null;
  error?: string;
}

export interface StreamResult {
  /** Streams that ended with `event: done` inside the measured window. */
  completed: number;
  /**
   * Characters of reply text received in `event: token` events inside the measured window. Text,
   * not events: the crisis protocol's guard holds text after a risk word and releases it in one
   * event (decision 0042), so a reply arrives in fewer events than the model sent tokens, at the
   * same pace of text.
   */
  textChars: number;
  windowMs: number;
  /** Replies started (all phases of the step). */
  started: number;
  errors: number;
  errorSamples: string[];
  /** Streams still running when the drain time ran out (aborted; not errors). */
  cut: number;
  /** Time to first token of the streams started inside the window. */
  ttftMs: number[];
  /** This process's own event-loop delay p99 in the window (ms, resolution subtracted). */
  loadLagP99Ms: number;
}

/** One row of timed GETs: round i requests urls[i % urls.length]. */
export interface TimedGetRow {
  urls: string[];
  cookie?: string;
}

export type ToLoad =
  | { type: 'reply'; content: string; chunkDelayMs: number }
  | { type: 'ttft'; baseUrl: string; workers: TtftTask[][] }
  | { type: 'baseline'; count: number }
  | {
      type: 'stream';
      baseUrl: string;
      slots: Target[];
      /** The streams' first replies start spread evenly over this (a reply's length). */
      spreadMs: number;
      warmupMs: number;
      windowMs: number;
      drainMs: number;
    }
  | { type: 'gets'; rounds: number; rows: TimedGetRow[] }
  | {
      type: 'throughput';
      url: string;
      headers: Record<string, string>;
      connections: number;
      seconds: number;
    }
  | { type: 'hold'; slots: HeldTarget[]; count: number }
  | { type: 'release' }
  | { type: 'exit' };

/** A stream to hold open: the app's reply route (with cookie and conversation) or a bare relay. */
export interface HeldTarget {
  url: string;
  cookie?: string;
  conversationId?: number;
}

export type FromLoad =
  | { type: 'ready'; llmUrl: string }
  | { type: 'reply-set' }
  /** `cpuMs`: this process's processor time over the replies (the double and the clients). */
  | { type: 'ttft-result'; samples: TtftSample[]; cpuMs: number }
  | { type: 'baseline-result'; samplesMs: number[] }
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'stream-result'; result: StreamResult }
  | { type: 'gets-result'; samplesMs: number[][]; errors: number; errorSamples: string[] }
  | { type: 'throughput-result'; result: ThroughputResult }
  | { type: 'held'; open: number; errors: number; errorSamples: string[] }
  | { type: 'released'; completed: number };

/** One autocannon run: requests per second and latency percentiles over its whole duration. */
export interface ThroughputResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx plus connection errors and timeouts. */
  failures: number;
}

/** Keeps `connections` requests in flight against one URL for `seconds`. */
async function runThroughput(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<ThroughputResult> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const LAG_RESOLUTION_MS = 10;
/** The streaming clients' connections, kept between replies as a browser keeps them. */
const streamAgent = new http.Agent({ keepAlive: true, timeout: 4000 });

interface Outcome {
  ok: boolean;
  ttftMs: number | null;
  error?: string;
  aborted?: boolean;
}

/**
 * Sends one message asking for a streamed reply and reads the Server-Sent Events to the end.
 * `onEvent` hears each token and the final done, as they arrive.
 */
/** The length of `\ndata: {"text":""}`: a token block's data line is this and its text. */
const TOKEN_DATA_FRAME = '\ndata: {"text":""}'.length;

async function streamOne(
  baseUrl: string,
  target: Target,
  message: string,
  benchId: string,
  onEvent: (kind: 'token' | 'done', chars?: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Outcome> {
  const started = performance.now();
  let ttftMs: number | null = null;
  const body = JSON.stringify({ message, conversationId: target.conversationId });
  // node:http with a data listener rather than fetch: undici's web streams cost this process
  // several times more per chunk, and this process must not be what limits the streams.
  return new Promise<Outcome>((resolve) => {
    const request = http.request(
      `${baseUrl}${target.path}`,
      {
        method: 'POST',
        agent: streamAgent,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'text/event-stream',
          cookie: target.cookie,
          origin: baseUrl,
          'x-bench-id': benchId,
        },
      },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        let done = false;
        let error: string | undefined;
        response.on('data', (chunk: string) => {
          if (response.statusCode !== 200) {
            buffer += chunk;
            return;
          }
          buffer = buffer === '' ? chunk : buffer + chunk;
          let start = 0;
          let end: number;
          while ((end = buffer.indexOf('\n\n', start)) !== -1) {
            if (buffer.startsWith('event: token', start)) {
              ttftMs ??= performance.now() - started;
              // The data line less its frame: the text's length (JSON escapes count a character
              // more); the event's name and id come before it.
              onEvent('token', end - buffer.indexOf('\ndata: ', start) - TOKEN_DATA_FRAME);
            } else if (buffer.startsWith('event: done', start)) {
              done = true;
              onEvent('done');
            } else if (buffer.startsWith('event: error', start)) {
              const block = buffer.slice(start, end);
              error = block.slice(block.indexOf('data: ') + 6, 200);
            }
            start = end + 2;
          }
          buffer = start === 0 ? buffer : buffer.slice(start);
        });
        response.on('end', () => {
          if (response.statusCode !== 200) {
            resolve({
              ok: false,
              ttftMs,
              error: `HTTP ${response.statusCode}: ${buffer.slice(0, 160)}`,
            });
          } else if (error) resolve({ ok: false, ttftMs, error: `error event: ${error}` });
          else if (!done) resolve({ ok: false, ttftMs, error: 'stream ended without done' });
          else resolve({ ok: true, ttftMs });
        });
        response.on('error', (e) => fail(e));
        response.on('close', () => {
          if (!response.complete) fail(new Error('connection closed mid-stream'));
        });
      },
    );
    const fail = (error: Error) => {
      if (signal?.aborted) resolve({ ok: false, ttftMs, aborted: true });
      else resolve({ ok: false, ttftMs, error: String(error.cause ?? error).slice(0, 160) });
    };
    request.on('error', fail);
    request.end(body);
  });
}

const MESSAGES = [
  'Tell me what you see from the lighthouse window tonight.',
  'I pour us both a glass of wine and sit closer.',
  'What would you do if the storm trapped us here until morning?',
  'Describe the room for me, slowly.',
  'I laugh and ask what poem you are thinking of.',
];
let messageCounter = 0;
const nextMessage = (benchId: string) =>
  `[bench #${benchId}] ${MESSAGES[messageCounter++ % MESSAGES.length]}`;

async function runTtft(baseUrl: string, workers: TtftTask[][]): Promise<TtftSample[]> {
  const samples: TtftSample[] = [];
  await Promise.all(
    workers.map(async (tasks) => {
      for (const task of tasks) {
        const outcome = await streamOne(baseUrl, task, nextMessage(task.benchId), task.benchId);
        samples.push({
          benchId: task.benchId,
          ttftMs: outcome.ok ? outcome.ttftMs : null,
          ...(outcome.error ? { error: outcome.error } : {}),
        });
      }
    }),
  );
  return samples;
}

/** The double's own time to first byte, measured the same way without our server in between. */
async function runBaseline(llmUrl: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${llmUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'big-405b',
        stream: true,
        messages: [{ role: 'user', content: 'hello' }],
      }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    samples.push(performance.now() - started);
    while (!(await reader.read()).done) {
      /* drain */
    }
  }
  return samples;
}

/** Keeps one connection open to each server, as a browser would, for the timed GETs. */
const getAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET read to the end, over node:http rather than fetch: undici's fetch promoted about 45 KB
 * per request to this process's old generation, so a full garbage collection paused it every
 * half second (2-8 ms, seen with --trace-gc), and that pause landed in about 1 % of the samples
 * of every row, the bare reference's too (its p99 5.5 ms against a p90 of 0.6).
 */
function getText(url: string, cookie: string | undefined) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(
      url,
      { agent: getAgent, headers: cookie ? { cookie } : {} },
      (response) => {
        response.setEncoding('utf8');
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * One GET per row per round, rows interleaved (so a slow moment of the machine hits every row
 * alike), each timed from sending to the last byte of the body; samples per row.
 */
async function runGets(rounds: number, rows: TimedGetRow[]) {
  const samplesMs = rows.map(() => [] as number[]);
  const errorSamples: string[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i++) {
    for (const [r, row] of rows.entries()) {
      const started = performance.now();
      const response = await getText(row.urls[i % row.urls.length]!, row.cookie);
      const ms = performance.now() - started;
      const { body } = response;
      if (response.status === 200) {
        samplesMs[r]!.push(ms);
      } else {
        errors++;
        if (errorSamples.length < 3)
          errorSamples.push(`HTTP ${response.status}: ${body.slice(0, 160)}`);
      }
    }
  }
  return { samplesMs, errors, errorSamples };
}

async function runStreams(
  command: Extract<ToLoad, { type: 'stream' }>,
  send: (message: FromLoad) => void,
): Promise<StreamResult> {
  const { baseUrl, slots, spreadMs, warmupMs, windowMs, drainMs } = command;
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  let inWindow = false;
  let stopping = false;
  let windowStart = 0;
  let windowEnd = 0;
  const result: StreamResult = {
    completed: 0,
    textChars: 0,
    windowMs: 0,
    started: 0,
    errors: 0,
    errorSamples: [],
    cut: 0,
    ttftMs: [],
    loadLagP99Ms: 0,
  };
  const abort = new AbortController();
  // Every stream of the step listens to it.
  setMaxListeners(Infinity, abort.signal);
  const onEvent = (kind: 'token' | 'done', chars = 0) => {
    if (!inWindow) return;
    if (kind === 'token') result.textChars += chars;
    else result.completed++;
  };

  const loops = slots.map(async (slot, index) => {
    // Spread the first starts over one reply's length: each stream then starts its next reply
    // when the last ends, so the starts stay spread as a crowd of users' would be (over 1 s,
    // half of each 2 s reply cycle had twice the starts of the other half).
    await sleep((index / slots.length) * spreadMs);
    for (let n = 0; !stopping; n++) {
      const startedInWindow = inWindow;
      result.started++;
      const benchId = `s${slots.length}-${index}-${n}`;
      const outcome = await streamOne(
        baseUrl,
        slot,
        nextMessage(benchId),
        benchId,
        onEvent,
        abort.signal,
      );
      if (outcome.aborted) result.cut++;
      else if (!outcome.ok) {
        result.errors++;
        if (result.errorSamples.length < 5) result.errorSamples.push(outcome.error ?? '?');
        await sleep(200);
      } else if (startedInWindow && outcome.ttftMs !== null) {
        result.ttftMs.push(outcome.ttftMs);
      }
    }
  });

  await sleep(warmupMs);
  send({ type: 'window-start' });
  lag.enable();
  inWindow = true;
  windowStart = performance.now();
  await sleep(windowMs);
  inWindow = false;
  windowEnd = performance.now();
  lag.disable();
  send({ type: 'window-end' });
  stopping = true;
  const drained = await Promise.race([
    Promise.all(loops).then(() => true),
    sleep(drainMs).then(() => false),
  ]);
  if (!drained) {
    abort.abort();
    await Promise.all(loops);
  }
  result.windowMs = windowEnd - windowStart;
  result.loadLagP99Ms = Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS);
  return result;
}

/**
 * Opens `count` streaming replies while the model holds every answer back (the double waits for
 * a gate), and reports once each stream has its headers and first event: that many idle streams
 * are then open in the server. `release` lets the model answer and waits for them all to end.
 */
function holdStreams(llm: Awaited<ReturnType<typeof startLlmDouble>>, arrivals: () => number) {
  let open: Promise<unknown>[] = [];
  let release = () => {};
  return {
    async hold(command: Extract<ToLoad, { type: 'hold' }>) {
      const gate = new Promise<void>((resolve) => (release = resolve));
      llm.setDefault({ content: 'The lamp is lit.', waitFor: gate });
      const errorSamples: string[] = [];
      let errors = 0;
      const arrivedBefore = arrivals();
      const started = Array.from({ length: command.count }, (_, i) => {
        const target = command.slots[i % command.slots.length]!;
        let accepted: () => void = () => {};
        const acceptedPromise = new Promise<void>((resolve) => (accepted = resolve));
        const done = (async () => {
          const response = await fetch(target.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              ...(target.cookie
                ? { cookie: target.cookie, origin: new URL(target.url).origin }
                : {}),
            },
            body: JSON.stringify({ message: `held ${i}`, conversationId: target.conversationId }),
          });
          if (response.status !== 200 || !response.body) throw new Error(`HTTP ${response.status}`);
          const reader = response.body.getReader();
          accepted(); // headers and the first event are here
          let text = '';
          const decoder = new TextDecoder();
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            text += decoder.decode(chunk.value, { stream: true });
          }
          if (!text.includes('event: done')) {
            throw new Error(`stream ended without done: ${text.slice(-160).replace(/\n/g, ' ')}`);
          }
        })().catch((error: unknown) => {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(String(error));
          accepted();
        });
        return { acceptedPromise, done };
      });
      await Promise.all(started.map((s) => s.acceptedPromise));
      // Idle means waiting for the model: a reply whose statements are still queued (PGlite runs
      // one at a time) is not idle yet, and would count its queued work as stream memory.
      const deadline = Date.now() + 60_000;
      while (arrivals() - arrivedBefore < command.count - errors && Date.now() < deadline) {
        await sleep(50);
      }
      open = started.map((s) => s.done);
      return { open: command.count - errors, errors, errorSamples };
    },
    async release() {
      release();
      await Promise.all(open);
      const completed = open.length;
      open = [];
      return completed;
    },
  };
}

async function main() {
  const send = (message: FromLoad) => process.send!(message);
  const llm = await startLlmDouble();
  // The double keeps every request for assertions; a benchmark sends thousands, so keep none,
  // only count them (section 6 waits until every held reply has reached the model).
  let arrivals = 0;
  llm.requests.push = () => ++arrivals;

  process.on('disconnect', () => {
    void llm.stop().finally(() => process.exit(0));
  });
  const held = holdStreams(llm, () => arrivals);
  process.on('message', (command: ToLoad) => {
    void (async () => {
      switch (command.type) {
        case 'reply':
          llm.setDefault({ content: command.content, chunkDelayMs: command.chunkDelayMs });
          return send({ type: 'reply-set' });
        case 'ttft': {
          const cpu = process.cpuUsage();
          const samples = await runTtft(command.baseUrl, command.workers);
          return send({ type: 'ttft-result', samples, cpuMs: cpuMsSince(cpu) });
        }
        case 'baseline':
          return send({
            type: 'baseline-result',
            samplesMs: await runBaseline(llm.url, command.count),
          });
        case 'stream':
          return send({ type: 'stream-result', result: await runStreams(command, send) });
        case 'gets':
          return send({ type: 'gets-result', ...(await runGets(command.rounds, command.rows)) });
        case 'throughput':
          return send({
            type: 'throughput-result',
            result: await runThroughput(
              command.url,
              command.headers,
              command.connections,
              command.seconds,
            ),
          });
        case 'hold':
          return send({ type: 'held', ...(await held.hold(command)) });
        case 'release':
          return send({ type: 'released', completed: await held.release() });
        case 'exit':
          await llm.stop();
          process.exit(0);
      }
    })().catch((error: unknown) => {
      console.error('bench load process failed:', error);
      process.exit(1);
    });
  });
  send({ type: 'ready', llmUrl: llm.url });
}

await main();
