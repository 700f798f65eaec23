import { LlmError } from './errors';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Must be in the allow-list; defaults to the first model of it. */
  model?: string;
  temperature?: number;
  /** Nucleus sampling (top_p). */
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  /**
   * A creative call (a reply, a scene, a generated character): the operator's sampling for the
   * model (LLM_SAMPLING) replaces the fields above. Calls that must stay deterministic (reviews,
   * summaries) leave it unset and always get their own.
   */
  operatorSampling?: boolean;
  /**
   * The answer's length limit: max_tokens, or for a reasoning model (LLM_REASONING_MODELS)
   * max_completion_tokens with LLM_REASONING_TOKENS added for its thinking.
   */
  maxTokens?: number;
  /**
   * Stop sequences (OpenAI accepts up to 4; extra ones are still cut locally). The answer is also
   * cut at the first of them before it is returned or streamed, for servers that ignore `stop`.
   */
  stop?: string[];
  /**
   * Ask for JSON matching this JSON Schema via response_format json_schema (or, from a server
   * that refused it, in words at the end of the prompt).
   */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** Cancels the request; the call then rejects with an error named 'AbortError'. */
  signal?: AbortSignal;
  /**
   * Another way to cancel it, for a caller that may need to only rarely: the call sets
   * `handle.call` while it runs, and `handle.call.cancel()` stops it as an aborted `signal` would.
   */
  handle?: CallHandle;
  /**
   * The longest a streamed answer may take, however steadily it streams (ms); past it the call
   * fails like a timeout (LLM_TIMEOUT). Without it only silences are limited (the timeout, which
   * should be shorter than this).
   */
  timeLimitMs?: number;
  /**
   * Whose call this is and what for (issue 48 part 3): a call that carries it is recorded as one
   * `model_usage` row (metrics/usage-recorder.ts) once it has finished; no text is kept.
   */
  usage?: { userId: string | null; purpose: UsagePurpose };
}

/**
 * Where a running call can be stopped from. Not an AbortSignal: a reply waiting for its model
 * would hold an AbortController for the rare case it is stopped (bench section 6); the call's
 * own cancellation is there already.
 */
export interface CallHandle {
  call?: { cancel(): void } | undefined;
}

/** What a model call was for, on the usage page. */
export type UsagePurpose =
  'reply' | 'story' | 'summary' | 'character' | 'review' | 'avatar' | 'picture' | 'other';

/** Tokens a call used, as the provider's usage report gives them (issue 48 part 3). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface Completion {
  content: string;
  /** The model the provider says answered (falls back to the requested one). */
  model: string;
  /** 'stop', 'length', … or null when the provider does not say. */
  finishReason: string | null;
  /**
   * The provider's usage report, or null when it sent none (a server without `stream_options`,
   * or a stream closed at a stop string before its last chunk): then only an estimate can say.
   */
  usage: TokenUsage | null;
}

/**
 * The one way the app talks to a language model.
 *
 * Errors are always LlmErrors with messages safe to show: `not-configured` when no model is
 * configured, `unknown-model` ('Unknown model') for a model outside the allow-list, `upstream` when
 * the provider fails (network, timeout, error status, empty or malformed answer). A cancelled
 * request rejects with an error named 'AbortError' instead.
 */
export interface LlmGateway {
  readonly configured: boolean;
  /** The allow-list; empty when not configured. */
  readonly models: readonly string[];
  readonly defaultModel: string | undefined;
  isAllowedModel(model: string): boolean;
  complete(request: CompletionRequest): Promise<Completion>;
  /**
   * Streams a completion: each text delta goes to `onDelta` as it arrives (synchronously, in
   * order); resolves with the whole answer. Never throws synchronously: every failure (including
   * 400/503) rejects. If `onDelta` throws, the upstream request is cancelled and that error is the
   * rejection. Here the timeout bounds each silence (before the first chunk and between chunks),
   * not the whole answer, which may legitimately take longer.
   */
  stream(request: CompletionRequest, onDelta: (text: string) => void): Promise<Completion>;
}

export interface ImageGenerator {
  readonly configured: boolean;
  /** Returns the image bytes (from b64_json, or downloaded from url). */
  generate(prompt: string, options?: { signal?: AbortSignal; size?: string }): Promise<Buffer>;
}

export const LLM_NOT_CONFIGURED = 'No language model is configured';
export const IMAGE_NOT_CONFIGURED = 'Avatar generation is not configured';
export const UNKNOWN_MODEL = 'Unknown model';
export const LLM_FAILED = 'The language model did not answer. Please try again.';
export const LLM_TIMEOUT = 'The language model took too long to answer.';
export const LLM_BUSY = 'The language model is busy right now. Please try again in a moment.';
export const LLM_EMPTY = 'The language model returned an empty answer. Please try again.';
export const IMAGE_FAILED = 'The avatar could not be generated. Please try again.';
export const IMAGE_TIMEOUT = 'Generating the avatar took too long. Please try again.';

/**
 * A provider failure. `cause` is a short diagnostic (status code, "timed out"…) for whoever logs
 * the error; it never carries the provider's body or our credentials.
 */
export function upstreamError(message: string, diagnostic: string): LlmError {
  return new LlmError('upstream', message, diagnostic);
}

/** The error a cancelled call rejects with, named 'AbortError' like fetch's. */
export function abortError(): Error {
  return new DOMException('The request was cancelled.', 'AbortError');
}
