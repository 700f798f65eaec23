import { HttpError } from './errors';

/** What a reply asked for while its server stops is told (503, with Retry-After). */
export const DRAINING_MESSAGE =
  'This server is restarting. Please send your message again in a moment.';
/** Seconds a client is told to wait before trying again: another server takes it at once. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Whether this server is stopping (issue 44 item 4). From SIGTERM on (main.ts), /api/ready
 * answers 503 so the load balancer sends no new requests, and new replies are refused with 503
 * and Retry-After, while the replies already streaming go on to their end.
 */
export class Lifecycle {
  #draining = false;
  #inFlight = 0;
  /** Those waiting in settled() for the last reply in flight to end. */
  readonly #waiting = new Set<() => void>();

  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }

  /** Throws the 503 a new reply gets while the server stops. */
  refuseNewWorkWhileDraining(): void {
    if (this.#draining) {
      throw new HttpError(503, DRAINING_MESSAGE, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
  }

  /**
   * Counts `reply` as in flight until it settles (a stop waits for it; see settled), and answers
   * it as it is. Its failure counts as handled here: whoever awaits it is told, and one nobody
   * awaits (a reply streamed to a client that left) is no unhandled rejection. One handler, no
   * promise of its own to wait on: an open reply keeps as few as can be (bench section 6).
   */
  track<T>(reply: Promise<T>): Promise<T> {
    this.#inFlight++;
    reply.then(this.#settled, this.#settled);
    return reply;
  }

  readonly #settled = () => {
    if (--this.#inFlight > 0) return;
    for (const wake of this.#waiting) wake();
    this.#waiting.clear();
  };

  /** Replies running now on this server. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Resolves when no reply is in flight (true) or after `ms` (false). */
  settled(ms: number): Promise<boolean> {
    if (this.#inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(wake);
        resolve(false);
      }, ms);
      this.#waiting.add(wake);
    });
  }
}
