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

/** The part of a response the writer needs (a ServerResponse, or a stand-in in tests). */
type EventSink = Pick<ServerResponse, 'write' | 'writableEnded' | 'destroyed'>;

export interface EventWriter {
  /** Queues a token event: written at once if nothing left for the current wait, else soon. */
  token(block: string): void;
  /** Writes an event at once, after any tokens still waiting (accepted, done, error). */
  now(block: string): void;
  /** Writes tokens not yet written, and stops. */
  close(): void;
}

interface Writer {
  res: EventSink;
  pending: string;
  /** When tokens last left (ms, performance.now); only token writes count. */
  lastTokenWrite: number;
}

/** Every open writer, and those with tokens waiting for the next tick. */
let openWriters = 0;
const waiting = new Set<Writer>();
let ticker: NodeJS.Timeout | undefined;

/** The current wait: TOKEN_FLUSH_MS, longer when many streams are open. */
export function tokenWaitMs(open = openWriters): number {
  const stretched = (TOKEN_FLUSH_MS * open) / STREAMS_AT_BASE_WAIT;
  return Math.min(TOKEN_FLUSH_MAX_MS, Math.max(TOKEN_FLUSH_MS, stretched));
}

function write(writer: Writer) {
  const text = writer.pending;
  if (text === '') return;
  writer.pending = '';
  if (!writer.res.writableEnded && !writer.res.destroyed) writer.res.write(text);
}

/**
 * One timer for every stream: each tick writes what all the waiting streams hold, so tokens cost
 * no timer of their own (a stream's tokens wait at most one wait, never more).
 */
function tick() {
  ticker = undefined;
  const now = performance.now();
  for (const writer of waiting) {
    writer.lastTokenWrite = now;
    write(writer);
  }
  waiting.clear();
}

/**
 * Writes Server-Sent Event blocks to a response, batching token events so that at most one write
 * leaves per wait while tokens keep coming. Order is kept: every block waits behind the ones
 * queued before it.
 */
export function eventWriter(res: EventSink): EventWriter {
  const writer: Writer = { res, pending: '', lastTokenWrite: Number.NEGATIVE_INFINITY };
  let closed = false;
  openWriters++;
  return {
    token(block) {
      writer.pending += block;
      if (waiting.has(writer)) return;
      const now = performance.now();
      const wait = tokenWaitMs();
      if (now - writer.lastTokenWrite >= wait) {
        writer.lastTokenWrite = now;
        write(writer);
        return;
      }
      waiting.add(writer);
      ticker ??= setTimeout(tick, wait);
    },
    now(block) {
      waiting.delete(writer);
      writer.pending += block;
      write(writer);
    },
    close() {
      waiting.delete(writer);
      write(writer);
      if (!closed) openWriters--;
      closed = true;
    },
  };
}
