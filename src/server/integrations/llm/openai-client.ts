import type OpenAI from 'openai';
import { LlmError } from './errors';
import { ProviderHttpError, ProviderStreamError } from './event-stream';
import { abortError, upstreamError } from './llm';

/**
 * What every call to an OpenAI-compatible endpoint shares, chat and images alike: the SDK client,
 * cancellation with a timeout, and the mapping of failures to errors safe to show.
 */

/** The SDK once loaded; its errors can only exist after that. */
let sdk: typeof import('openai') | undefined;

/**
 * The SDK client, configured for a self-hosted or third-party endpoint, created with the first
 * call that needs it. Streamed replies do not (event-stream.ts), and its 150 modules would be a
 * sixth of a second of every start of the server.
 */
export function lazyClient(config: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () =>
    (client ??= import('openai').then((loaded) => {
      sdk = loaded;
      return createClient(loaded.default, config);
    }));
}

function createClient(
  Sdk: typeof OpenAI,
  config: { baseUrl: string; apiKey?: string; timeoutMs: number },
) {
  return new Sdk({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs,
    // Retrying is the caller's decision; a hidden retry would double the wait on a timeout.
    maxRetries: 0,
    // Not taken from OPENAI_* variables: they belong to OpenAI and must not reach another host.
    organization: null,
    project: null,
    // The SDK would otherwise print unparseable provider chunks; we log nothing ourselves.
    logLevel: 'off',
  });
}

/** What a CallControl can stop directly: a request it was given (node:http's ClientRequest). */
interface Stoppable {
  destroy(error?: Error): void;
}

/**
 * Cancellation of one provider call: the caller's signal, our timer and our own cancel(). A class
 * rather than an object of closures, and its AbortController is made only when someone asks for
 * `signal` (the SDK's calls): a streamed reply holds one of these for as long as the model
 * thinks, and stops its request itself (`attach`).
 */
export class CallControl {
  #controller: AbortController | undefined;
  #request: Stoppable | undefined;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #timer: NodeJS.Timeout;
  /** When the whole call must be over (performance.now): checked as the answer streams in. */
  readonly #limitAt: number;
  #aborted = false;
  #timedOut = false;
  #cancelled = false;
  #disposed = false;

  constructor(timeoutMs: number, callerSignal?: AbortSignal, timeLimitMs?: number) {
    this.#callerSignal = callerSignal;
    callerSignal?.addEventListener('abort', this, { once: true });
    this.#timer = setTimeout(CallControl.#expire, timeoutMs, this);
    // No timer of its own: a silent model is stopped by the timer above (the limit is longer), a
    // talkative one by touch().
    this.#limitAt =
      timeLimitMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + timeLimitMs;
    if (callerSignal?.aborted) this.#abort();
  }

  static #expire(control: CallControl) {
    control.#timedOut = true;
    control.#abort();
  }

  #abort() {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#controller?.abort();
    this.#request?.destroy(abortError());
  }

  /** The caller's signal aborted (an EventListener object: no closure to keep). */
  handleEvent() {
    this.#abort();
  }

  /** For calls that take an AbortSignal (the SDK's). */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  /** Destroys `request` when the call is aborted (at once if it already was). */
  attach(request: Stoppable) {
    this.#request = request;
    if (this.#aborted) request.destroy(abortError());
  }

  /** Aborted: by the caller, the timer or cancel(). */
  get aborted() {
    return this.#aborted;
  }

  get timedOut() {
    return this.#timedOut;
  }

  /** The caller aborted, or the consumer of a stream stopped reading. */
  get cancelled() {
    return this.#cancelled || (this.#callerSignal?.aborted ?? false);
  }

  /** Restarts the timer: once per streamed token, the same timer started again. */
  touch() {
    if (this.#disposed || this.#aborted) return;
    if (performance.now() > this.#limitAt) CallControl.#expire(this);
    else this.#timer.refresh();
  }

  cancel() {
    if (this.#disposed) return;
    this.#cancelled = true;
    this.#abort();
  }

  dispose() {
    this.#disposed = true;
    this.#request = undefined;
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this);
  }
}

export function callControl(
  timeoutMs: number,
  callerSignal?: AbortSignal,
  timeLimitMs?: number,
): CallControl {
  return new CallControl(timeoutMs, callerSignal, timeLimitMs);
}

/** The HTTP status a provider call failed with, if it got that far (SDK or streamed). */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof ProviderHttpError) return error.status;
  if (sdk && error instanceof sdk.APIError) return error.status;
  return undefined;
}

export interface ProviderMessages {
  failed: string;
  timeout: string;
  busy: string;
}

/**
 * Maps whatever a provider call threw to what the app may see. SDK error messages embed the
 * provider's body, so none of them is passed on.
 */
export function toProviderError(
  error: unknown,
  control: CallControl,
  messages: ProviderMessages,
): Error {
  if (control.cancelled) return abortError();
  if (error instanceof LlmError) return error;
  if (control.timedOut || (sdk && error instanceof sdk.APIConnectionTimeoutError)) {
    return upstreamError(messages.timeout, 'timed out');
  }
  if (error instanceof ProviderHttpError) {
    return upstreamError(error.status === 429 ? messages.busy : messages.failed, error.message);
  }
  if (error instanceof ProviderStreamError) return upstreamError(messages.failed, error.message);
  if (sdk && error instanceof sdk.APIError) {
    if (error.status === 429) return upstreamError(messages.busy, 'upstream status 429');
    if (error.status !== undefined) {
      return upstreamError(messages.failed, `upstream status ${error.status}`);
    }
    if (error instanceof sdk.APIConnectionError) {
      return upstreamError(messages.failed, 'connection failed');
    }
    return upstreamError(messages.failed, 'error event in the stream');
  }
  return upstreamError(messages.failed, 'unreadable answer');
}
