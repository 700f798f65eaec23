import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { Config } from '../../config';
import { LlmError } from './errors';
import {
  abortError,
  failedStream,
  LLM_BUSY,
  LLM_EMPTY,
  LLM_FAILED,
  LLM_TIMEOUT,
  UNKNOWN_MODEL,
  upstreamError,
  type Completion,
  type CompletionRequest,
  type CompletionStream,
  type LlmGateway,
} from './llm';

type LlmConfig = NonNullable<Config['llm']>;

/**
 * The gateway for any OpenAI-compatible chat endpoint (OpenAI, OpenRouter, Together, vLLM,
 * Ollama, llama.cpp). Only standard request fields are sent, and the answer is read defensively,
 * because these servers differ in what they leave out (usage, finish_reason, choices in the last
 * chunk…).
 */
export function createOpenAiLlm(config: LlmConfig): LlmGateway {
  const client = createClient(config);
  const models = Object.freeze([...config.models]);

  const resolveModel = (requested: string | undefined): string => {
    const model = requested ?? models[0];
    if (model === undefined || !models.includes(model))
      throw new LlmError('unknown-model', UNKNOWN_MODEL);
    return model;
  };

  return {
    configured: true,
    models,
    defaultModel: models[0],
    isAllowedModel: (model) => models.includes(model),

    async complete(request) {
      const model = resolveModel(request.model);
      const control = callControl(config.timeoutMs, request.signal);
      try {
        if (request.signal?.aborted) throw abortError();
        const response = await client.chat.completions.create(
          { ...chatParams(model, request), stream: false },
          { signal: control.signal },
        );
        // Optional chaining throughout: a misbehaving server may answer 200 with anything.
        const choice = response?.choices?.[0];
        const content = choice?.message?.content;
        if (typeof content !== 'string' || content.trim() === '') {
          throw upstreamError(LLM_EMPTY, 'empty answer');
        }
        return {
          content,
          model: typeof response.model === 'string' && response.model ? response.model : model,
          finishReason: choice?.finish_reason ?? null,
        };
      } catch (error) {
        throw toProviderError(error, control, LLM_MESSAGES);
      } finally {
        control.dispose();
      }
    },

    stream(request) {
      let model: string;
      try {
        model = resolveModel(request.model);
      } catch (error) {
        return failedStream(error);
      }
      return startStream(client, model, request, config.timeoutMs);
    },
  };
}

/** The SDK client, configured for a self-hosted or third-party endpoint. */
export function createClient(config: { baseUrl: string; apiKey?: string; timeoutMs: number }) {
  return new OpenAI({
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

function chatParams(model: string, request: CompletionRequest) {
  const params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
    model,
    // Copied field by field so nothing but role and content is ever sent.
    messages: request.messages.map(({ role, content }) => ({ role, content })),
  };
  if (request.temperature !== undefined) params.temperature = request.temperature;
  // max_tokens rather than max_completion_tokens: the compatible servers only know the former.
  if (request.maxTokens !== undefined) params.max_tokens = request.maxTokens;
  if (request.jsonSchema) {
    params.response_format = {
      type: 'json_schema',
      // strict: false, because strict mode rejects common schemas (optional fields, open objects).
      json_schema: {
        name: request.jsonSchema.name,
        schema: request.jsonSchema.schema,
        strict: false,
      },
    };
  }
  return params;
}

/**
 * Starts the request at once and buffers deltas, so `done` settles whether or not anyone
 * iterates, and iteration simply drains the buffer.
 */
function startStream(
  client: OpenAI,
  model: string,
  request: CompletionRequest,
  timeoutMs: number,
): CompletionStream {
  // For a stream the timeout is the longest silence allowed (before the first chunk and between
  // chunks): a long answer may legitimately take longer than timeoutMs in total.
  const control = callControl(timeoutMs, request.signal);
  const buffered: string[] = [];
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const done = (async (): Promise<Completion> => {
    try {
      if (request.signal?.aborted) throw abortError();
      const stream = await client.chat.completions.create(
        { ...chatParams(model, request), stream: true },
        { signal: control.signal },
      );
      let content = '';
      let answeredModel = '';
      let finishReason: string | null = null;
      for await (const chunk of stream) {
        control.touch();
        if (!answeredModel && typeof chunk?.model === 'string') answeredModel = chunk.model;
        // Usage-only chunks have no choices; some servers send a null delta.content.
        const choice = chunk?.choices?.[0];
        if (!choice) continue;
        if (choice.finish_reason) finishReason = choice.finish_reason;
        const delta = choice.delta?.content;
        if (typeof delta === 'string' && delta !== '') {
          content += delta;
          buffered.push(delta);
          notify();
        }
      }
      // The SDK ends an aborted stream quietly instead of throwing; tell that apart from the end.
      if (control.signal.aborted) throw abortError();
      if (content.trim() === '') throw upstreamError(LLM_EMPTY, 'empty answer');
      return { content, model: answeredModel || model, finishReason };
    } catch (error) {
      throw toProviderError(error, control, LLM_MESSAGES);
    } finally {
      control.dispose();
      finished = true;
      notify();
    }
  })();
  // Callers that only iterate get the failure from the iteration; `done` must not go unhandled.
  done.catch(() => undefined);

  let iterated = false;
  async function* iterate(): AsyncGenerator<string> {
    if (iterated) throw new Error('A completion stream can only be iterated once.');
    iterated = true;
    let completed = false;
    try {
      for (;;) {
        // After an abort, stop handing out text that was already buffered.
        if (control.cancelled) throw abortError();
        const next = buffered.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (finished) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      await done;
      completed = true;
    } finally {
      // The consumer stopped early (client went away, break…): stop paying for tokens.
      if (!completed) control.cancel();
    }
  }

  return { done, [Symbol.asyncIterator]: iterate };
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  if (callerSignal?.aborted) controller.abort();
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  arm();
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    get cancelled() {
      return cancelled || (callerSignal?.aborted ?? false);
    },
    touch() {
      if (!disposed && !controller.signal.aborted) arm();
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

const LLM_MESSAGES: ProviderMessages = { failed: LLM_FAILED, timeout: LLM_TIMEOUT, busy: LLM_BUSY };

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
  if (control.timedOut || error instanceof APIConnectionTimeoutError) {
    return upstreamError(messages.timeout, 'timed out');
  }
  if (error instanceof APIError && error.status === 429) {
    return upstreamError(messages.busy, 'upstream status 429');
  }
  if (error instanceof APIError && error.status !== undefined) {
    return upstreamError(messages.failed, `upstream status ${error.status}`);
  }
  if (error instanceof APIConnectionError) {
    return upstreamError(messages.failed, 'connection failed');
  }
  if (error instanceof APIError) return upstreamError(messages.failed, 'error event in the stream');
  return upstreamError(messages.failed, 'unreadable answer');
}
