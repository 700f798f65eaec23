import type { IncomingMessage } from 'node:http';
import type OpenAI from 'openai';
import type { Config } from '../../config';
import { ServerAdaptation, isRefusal } from './adaptation';
import { AnswerFilter } from './answer-filter';
import { LlmError } from './errors';
import {
  abortError,
  LLM_BUSY,
  LLM_EMPTY,
  LLM_FAILED,
  LLM_TIMEOUT,
  UNKNOWN_MODEL,
  upstreamError,
  type CallHandle,
  type Completion,
  type LlmGateway,
} from './llm';
import { openEventStream, readEvents, type Answered } from './event-stream';
import { parseChunk } from './openai-chunk';
import {
  callControl,
  httpStatusOf,
  lazyClient,
  toProviderError,
  type ProviderMessages,
} from './openai-client';
import { requestBody, SERVING_DEFAULTS, type FallibleFeature } from './request-body';

type LlmConfig = NonNullable<Config['llm']>;

/**
 * The gateway for any OpenAI-compatible chat endpoint (OpenAI, OpenRouter, Together, vLLM,
 * Ollama, llama.cpp). Requests are shaped so every such server takes them (request-body.ts,
 * turns.ts) and a server that refuses a feature with a 400 is asked again without it
 * (adaptation.ts); the answer is read defensively, because these servers differ in what they
 * leave out (usage, finish_reason, choices in the last chunk…), and only its visible part
 * (answer-filter.ts: no thinking, nothing past a stop string) is handed out.
 */
export function createOpenAiLlm(config: LlmConfig): LlmGateway {
  const client = lazyClient(config);
  const models = Object.freeze([...config.models]);
  const serving = config.serving ?? SERVING_DEFAULTS;
  const adaptation = new ServerAdaptation();

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
      const control = callControl(config.timeoutMs, request.signal, request.timeLimitMs);
      if (request.handle) request.handle.call = control;
      try {
        if (request.signal?.aborted) throw abortError();
        let withheld = adaptation.withheld(model);
        let dropped: FallibleFeature | undefined;
        for (;;) {
          const { body, sent } = requestBody(model, request, serving, withheld);
          let response: OpenAI.Chat.ChatCompletion;
          try {
            response = await (
              await client()
            ).chat.completions.create(
              Object.assign(body, {
                stream: false as const,
              }) as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
              { signal: control.signal },
            );
          } catch (error) {
            const next = isRefusal(httpStatusOf(error))
              ? adaptation.nextToDrop(model, sent)
              : undefined;
            if (!next) throw error;
            withheld = new Set(withheld).add(next);
            dropped = next;
            continue;
          }
          adaptation.answered(model, sent, dropped);
          return completionOf(response, model, request.stop, serving.reasoningModels);
        }
      } catch (error) {
        throw toProviderError(error, control, LLM_MESSAGES);
      } finally {
        if (request.handle) request.handle.call = undefined;
        control.dispose();
      }
    },

    stream(request, onDelta) {
      let model: string;
      try {
        model = resolveModel(request.model);
      } catch (error) {
        return Promise.reject(error);
      }
      const withheld = adaptation.withheld(model);
      const { body, sent } = requestBody(model, request, serving, withheld, true);
      // The prompt is serialised now and handed over once: what reads the answer (often for
      // seconds) keeps no reference to it.
      // (Object.assign rather than a spread copy: in Node 20's V8 that copy, prompt and all, would
      // outlive the young generation; decision 0029.)
      const call: StreamCall = {
        model,
        payload: { json: JSON.stringify(body) },
        sent,
        withheld,
        signal: request.signal,
        handle: request.handle,
        timeLimitMs: request.timeLimitMs,
        stops: request.stop,
        thinkingOpened: serving.reasoningModels.includes(model),
        // Only while a 400 could still teach something is the prompt kept for a second attempt,
        // and only until the server answers: a model known to this process is sent it once.
        rebuild: adaptation.nextToDrop(model, sent)
          ? (without) => {
              const next = requestBody(model, request, serving, without, true);
              return { payload: { json: JSON.stringify(next.body) }, sent: next.sent };
            }
          : undefined,
      };
      // Only what it needs: an async function's frame keeps its arguments (here the prompt) for as
      // long as it runs.
      return streamCompletion(config, adaptation, call, onDelta);
    },
  };
}

/** A non-streamed answer as the app sees it: its visible text (answer-filter.ts). */
function completionOf(
  response: OpenAI.Chat.ChatCompletion,
  model: string,
  stops: readonly string[] | undefined,
  reasoningModels: readonly string[],
): Completion {
  // Optional chaining throughout: a misbehaving server may answer 200 with anything.
  const choice = response?.choices?.[0];
  const raw = choice?.message?.content;
  const filter = new AnswerFilter(stops, { thinkingOpened: reasoningModels.includes(model) });
  if (typeof raw === 'string') {
    filter.push(raw);
    filter.end();
  }
  if (filter.content.trim() === '') throw upstreamError(LLM_EMPTY, 'empty answer');
  return {
    content: filter.content,
    model: typeof response.model === 'string' && response.model ? response.model : model,
    finishReason: filter.stopped ? 'stop' : (choice?.finish_reason ?? null),
    usage: usageOf(response?.usage),
  };
}

/** A usage report as the app keeps it; null when absent or not numbers (a server's own shape). */
function usageOf(usage: unknown): Completion['usage'] {
  const report = usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  const input = report?.prompt_tokens;
  const output = report?.completion_tokens;
  if (typeof input !== 'number' || typeof output !== 'number') return null;
  if (!Number.isFinite(input) || !Number.isFinite(output) || input < 0 || output < 0) return null;
  return { inputTokens: input, outputTokens: output };
}

/** One streamed request, as streamCompletion needs it (without the prompt, once it is sent). */
interface StreamCall {
  model: string;
  /** Emptied when the request is sent (openEventStream). */
  payload: { json: string };
  /** The fallible features the payload sends, and those it leaves out. */
  sent: Set<FallibleFeature>;
  withheld: Set<FallibleFeature>;
  signal: AbortSignal | undefined;
  handle: CallHandle | undefined;
  timeLimitMs: number | undefined;
  stops: readonly string[] | undefined;
  /** A reasoning model (LLM_REASONING_MODELS): its answer may start inside a thinking block. */
  thinkingOpened: boolean;
  /** The payload again without `withheld`, for a retry after a 400; cleared once answered. */
  rebuild:
    | ((withheld: Set<FallibleFeature>) => {
        payload: { json: string };
        sent: Set<FallibleFeature>;
      })
    | undefined;
}

/** Thrown to stop reading the stream at a stop string: the answer is complete. */
const STOP_REACHED = Symbol('stop reached');

/**
 * The streamed answer: each piece of visible text goes to `onDelta` as it arrives; resolves with
 * the whole completion. At a stop string, or if `onDelta` throws, the upstream request is closed
 * (no tokens are paid for that nobody reads); in the latter case that error is the answer. Until
 * the server answers, a call is this one promise and its request's listeners: no suspended frame
 * and no chain of promises, each of which a waiting reply would keep (bench section 6: three
 * promises here until 2026-12-06).
 */
function streamCompletion(
  config: LlmConfig,
  adaptation: ServerAdaptation,
  call: StreamCall,
  onDelta: (text: string) => void,
): Promise<Completion> {
  // For a stream the timeout is the longest silence allowed (before the first chunk and between
  // chunks): a long answer may legitimately take longer than timeoutMs in total, unless the
  // caller set a time limit.
  const control = callControl(config.timeoutMs, call.signal, call.timeLimitMs);
  const { handle } = call;
  if (handle) handle.call = control;
  const consumer: ConsumerFailure = { failed: false, error: undefined };
  return new Promise<Completion>((resolve, reject) => {
    const finished = () => {
      if (handle) handle.call = undefined;
      control.dispose();
    };
    const failed = (error: unknown) => {
      finished();
      reject(consumer.failed ? consumer.error : toProviderError(error, control, LLM_MESSAGES));
    };
    const answered = (error: unknown, response?: IncomingMessage) => {
      if (!response) return failed(error);
      readAnswer(response, call, control, consumer, onDelta).then((completion) => {
        finished();
        resolve(completion);
      }, failed);
    };
    if (call.signal?.aborted) return failed(abortError());
    try {
      openAnswering(config, adaptation, call, control, answered);
    } catch (error) {
      failed(error);
    }
  });
}

/** An error thrown by the reader of the text (`onDelta`): it, not the provider's, is the answer. */
interface ConsumerFailure {
  failed: boolean;
  error: unknown;
}

/** The answer's events read to their end, each piece of visible text handed to `onDelta`. */
async function readAnswer(
  response: IncomingMessage,
  call: StreamCall,
  control: ReturnType<typeof callControl>,
  consumer: ConsumerFailure,
  onDelta: (text: string) => void,
): Promise<Completion> {
  const deliver = (text: string) => {
    try {
      onDelta(text);
    } catch (error) {
      consumer.failed = true;
      consumer.error = error;
      throw error;
    }
    // After an abort, stop handing out text.
    if (control.cancelled) throw abortError();
  };
  const filter = new AnswerFilter(call.stops, { thinkingOpened: call.thinkingOpened });
  let answeredModel = '';
  let finishReason: string | null = null;
  let usage: Completion['usage'] = null;
  try {
    await readEvents(response, parseChunk, (event) => {
      control.touch();
      const chunk = event as Partial<OpenAI.Chat.ChatCompletionChunk> | null;
      if (!answeredModel && typeof chunk?.model === 'string') answeredModel = chunk.model;
      if (chunk?.usage) usage = usageOf(chunk.usage) ?? usage;
      // Usage-only chunks have no choices; some servers send a null delta.content, and
      // reasoning_content deltas (a model's thinking) are never read.
      const choice = chunk?.choices?.[0];
      if (!choice) return;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const delta = choice.delta?.content;
      if (typeof delta === 'string' && delta !== '') {
        const shown = filter.push(delta);
        if (shown !== '') deliver(shown);
        if (filter.stopped) throw STOP_REACHED;
      }
    });
  } catch (error) {
    if (error !== STOP_REACHED) throw error;
  }
  if (control.aborted) throw abortError();
  const rest = filter.end();
  if (rest !== '') deliver(rest);
  if (filter.content.trim() === '') throw upstreamError(LLM_EMPTY, 'empty answer');
  return {
    content: filter.content,
    model: answeredModel || call.model,
    finishReason: filter.stopped ? 'stop' : finishReason,
    usage,
  };
}

/**
 * Sends the request and tells `answered` once the server answers it; after a 400 to a feature
 * still in doubt, sends it again without that feature (adaptation.ts). Drops the prompt when
 * answered. A callback rather than a promise: while the model thinks, a waiting call is the
 * request's listeners (bench section 6).
 */
function openAnswering(
  config: LlmConfig,
  adaptation: ServerAdaptation,
  call: StreamCall,
  control: ReturnType<typeof callControl>,
  answered: Answered,
  dropped?: FallibleFeature,
): void {
  openEventStream(
    `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
    call.payload,
    control,
    (error, response) => {
      // Called from the request's listeners: whatever throws here is the call's failure.
      try {
        if (response) {
          call.rebuild = undefined;
          adaptation.answered(call.model, call.sent, dropped);
          return answered(undefined, response);
        }
        const next =
          call.rebuild && isRefusal(httpStatusOf(error))
            ? adaptation.nextToDrop(call.model, call.sent)
            : undefined;
        if (!next || !call.rebuild) return answered(error);
        call.withheld = new Set(call.withheld).add(next);
        ({ payload: call.payload, sent: call.sent } = call.rebuild(call.withheld));
        openAnswering(config, adaptation, call, control, answered, next);
      } catch (thrown) {
        answered(thrown);
      }
    },
  );
}

const LLM_MESSAGES: ProviderMessages = { failed: LLM_FAILED, timeout: LLM_TIMEOUT, busy: LLM_BUSY };
