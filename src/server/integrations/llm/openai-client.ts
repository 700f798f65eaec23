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

/** Cancellation of one provider call: the caller's signal, our timer and our own cancel(). */
export interface CallControl {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  /** The caller aborted, or the consumer of a stream stopped reading. */
  readonly cancelled: boolean;
  /** Restarts the timer. */
  touch(): void;
  cancel(): void;
  dispose(): void;
}

export function callControl(timeoutMs: number, callerSignal?: AbortSignal): CallControl {
  const controller = new AbortController();
  let timedOut = false;
  let cancelled = false;
  let disposed = false;
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  if (callerSignal?.aborted) controller.abort();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    get cancelled() {
      return cancelled || (callerSignal?.aborted ?? false);
    },
    touch() {
      // Once per streamed token: the same timer started again, nothing new allocated.
      if (!disposed && !controller.signal.aborted) timer.refresh();
    },
    cancel() {
      if (disposed) return;
      cancelled = true;
      controller.abort();
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
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
