import type { ServerResponse } from 'node:http';

/**
 * How long tokens may wait to leave together. A streamed reply's tokens arrive every 10–30 ms;
 * written one by one, each is a system call on the server and a wake-up of the reader (a profile
 * of 200 concurrent replies spent a fifth of the server's time in those writes). Text that
 * appears 25 times a second reads as smoothly as text that appears 50 times, and the first token
 * is never held (decision 0021).
 */
export const TOKEN_FLUSH_MS = 40;
/**
 * Under load the wait grows with the number of open streams, up to TOKEN_FLUSH_MAX_MS: each
 * write costs the server about the same whatever it carries (40 µs of a 2-core machine's time in
 * bench section 2), so at a few hundred streams 25 writes a second each are most of a core, and
 * a reader sees text in slightly larger steps rather than a server falling behind (decision 0028).
 */
export const TOKEN_FLUSH_MAX_MS = 100;
/** Open streams up to which tokens wait TOKEN_FLUSH_MS; the wait grows in proportion above. */
const STREAMS_AT_BASE_WAIT = 80;
/** A stream silent this long gets a comment line, so proxies do not close it while the model thinks. */
export const KEEP_ALIVE_MS = 15_000;

/** The part of a response the writer needs (a ServerResponse, or a stand-in in tests). */
type EventSink = Pick<ServerResponse, 'write' | 'end' | 'writableEnded' | 'destroyed'>;

/**
 * How often waiting streams are looked at. Each stream's batch leaves when its own wait is over,
 * at the first look after it: streams stay out of step, so each look writes a few of them. (One
 * timer for the whole wait wrote every waiting stream at once: at 400 streams, 400 writes in one
 * turn of the event loop, about 16 ms during which nothing else ran; decision 0032.)
 */
export const TOKEN_TICK_MS = 10;

/**
 * Every open stream, and those with tokens waiting. Two timers serve them all, so a stream costs
 * no timer of its own: an open reply that waits for a slow model is a few fields (issue 16 item 4).
 */
const open = new Set<EventWriter>();
const waiting = new Set<EventWriter>();
let ticker: NodeJS.Timeout | undefined;
let keepAlive: NodeJS.Timeout | undefined;

/** Replies being streamed to clients now, in this process (reverie_active_streams). */
export const openStreamCount = () => open.size;

/** The current wait: TOKEN_FLUSH_MS, longer when many streams are open. */
export function tokenWaitMs(streams = open.size): number {
  const stretched = (TOKEN_FLUSH_MS * streams) / STREAMS_AT_BASE_WAIT;
  return Math.min(TOKEN_FLUSH_MAX_MS, Math.max(TOKEN_FLUSH_MS, stretched));
}

function write(writer: EventWriter, now: number) {
  const text = writer.pending;
  if (text === '') return;
  writer.pending = '';
  writer.lastWrite = now;
  if (!writer.res.writableEnded && !writer.res.destroyed) writer.res.write(text);
}

/**
 * Writes the waiting streams whose wait ends within half a tick (so a batch leaves at most half a
 * tick before or after its wait is over), and looks again while any still wait.
 */
function tick() {
  ticker = undefined;
  const now = performance.now();
  const due = now + TOKEN_TICK_MS / 2 - tokenWaitMs();
  for (const writer of waiting) {
    if (writer.lastTokenWrite > due) continue;
    waiting.delete(writer);
    writer.lastTokenWrite = now;
    write(writer, now);
  }
  if (waiting.size > 0) ticker = setTimeout(tick, TOKEN_TICK_MS);
}

function pingSilentStreams() {
  const now = performance.now();
  for (const writer of open) {
    if (now - writer.lastWrite < KEEP_ALIVE_MS) continue;
    writer.pending += ': ping\n\n';
    waiting.delete(writer);
    write(writer, now);
  }
}

/**
 * Writes Server-Sent Event blocks to a response, batching token events so that at most one write
 * leaves per wait while tokens keep coming, and a comment line when it has been silent for
 * KEEP_ALIVE_MS. Order is kept: every block waits behind the ones queued before it. A class (no
 * closures per stream): an open reply waiting for a slow model is a few fields.
 */
export class EventWriter {
  pending = '';
  /** When tokens last left (ms, performance.now; never: a wait ago); only token writes count. */
  lastTokenWrite = -TOKEN_FLUSH_MAX_MS;
  /** When anything last left (ms, performance.now), for the keep-alive. */
  lastWrite = performance.now();

  constructor(readonly res: EventSink) {
    open.add(this);
    // Checked at a third of the interval: a silent stream is pinged 15–20 s after its last write.
    keepAlive ??= setInterval(pingSilentStreams, KEEP_ALIVE_MS / 3).unref();
  }

  /** Queues a token event: written at once if nothing left for the current wait, else soon. */
  token(block: string) {
    this.pending += block;
    if (waiting.has(this)) return;
    const now = performance.now();
    const wait = tokenWaitMs();
    if (now - this.lastTokenWrite >= wait) {
      this.lastTokenWrite = now;
      write(this, now);
      return;
    }
    waiting.add(this);
    ticker ??= setTimeout(tick, Math.min(TOKEN_TICK_MS, this.lastTokenWrite + wait - now));
  }

  /** Writes an event at once, after any tokens still waiting (accepted, done, error). */
  now(block: string) {
    waiting.delete(this);
    this.pending += block;
    write(this, performance.now());
  }

  /** Writes what is waiting and `block` (the last event) with the end of the response. */
  end(block: string) {
    waiting.delete(this);
    open.delete(this);
    if (open.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
    const text = this.pending + block;
    this.pending = '';
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end(text);
  }
}

export function eventWriter(res: EventSink): EventWriter {
  return new EventWriter(res);
}
