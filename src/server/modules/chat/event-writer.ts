import type { ServerResponse } from 'node:http';

/**
 * How long tokens may wait to leave together. A streamed reply's tokens arrive every 10–30 ms;
 * written one by one, each is a system call on the server and a wake-up of the reader (a profile
 * of 200 concurrent replies spent a fifth of the server's time in those writes). Text that
 * appears 25 times a second reads as smoothly as text that appears 50 times, and the first token
 * is never held (decision 0021).
 */
export const TOKEN_FLUSH_MS = 40;

/** The part of a response the writer needs (a ServerResponse, or a stand-in in tests). */
type EventSink = Pick<ServerResponse, 'write' | 'writableEnded' | 'destroyed'>;

export interface EventWriter {
  /** Queues a token event: written at once if nothing left for TOKEN_FLUSH_MS, else soon. */
  token(block: string): void;
  /** Writes an event at once, after any tokens still waiting (accepted, done, error). */
  now(block: string): void;
  /** Drops the timer; tokens not yet written are written first. */
  close(): void;
}

/**
 * Writes Server-Sent Event blocks to a response, batching token events so that at most one write
 * leaves per TOKEN_FLUSH_MS while tokens keep coming. Order is kept: every block waits behind the
 * ones queued before it.
 */
export function eventWriter(res: EventSink, flushMs = TOKEN_FLUSH_MS): EventWriter {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  /**
   * When tokens last left (ms, performance.now). Only token writes count, so the first token
   * leaves at once however soon it follows the `accepted` event.
   */
  let lastTokenWrite = Number.NEGATIVE_INFINITY;

  const flush = () => {
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    if (!res.writableEnded && !res.destroyed) res.write(text);
  };

  const flushTokens = () => {
    lastTokenWrite = performance.now();
    flush();
  };

  return {
    token(block) {
      pending += block;
      if (timer) return;
      const now = performance.now();
      const wait = lastTokenWrite + flushMs - now;
      if (wait > 0) {
        timer = setTimeout(flushTokens, wait);
        return;
      }
      lastTokenWrite = now;
      flush();
    },
    now(block) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending += block;
      flush();
    },
    close() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
