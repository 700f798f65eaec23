import type OpenAI from 'openai';
import type { Config } from '../../config';
import { LlmError } from './errors';
import {
  abortError,
  LLM_BUSY,
  LLM_EMPTY,
  LLM_FAILED,
  LLM_TIMEOUT,
  UNKNOWN_MODEL,
  upstreamError,
  type Completion,
  type CompletionRequest,
  type LlmGateway,
} from './llm';
import { openEventStream, readEvents } from './event-stream';
import { parseChunk } from './openai-chunk';
import { callControl, lazyClient, toProviderError, type ProviderMessages } from './openai-client';

type LlmConfig = NonNullable<Config['llm']>;

/**
 * The gateway for any OpenAI-compatible chat endpoint (OpenAI, OpenRouter, Together, vLLM,
 * Ollama, llama.cpp). Only standard request fields are sent, and the answer is read defensively,
 * because these servers differ in what they leave out (usage, finish_reason, choices in the last
 * chunk…).
 */
export function createOpenAiLlm(config: LlmConfig): LlmGateway {
  const client = lazyClient(config);
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
      const control = callControl(config.timeoutMs, request.signal, request.timeLimitMs);
      try {
        if (request.signal?.aborted) throw abortError();
        const response = await (
          await client()
        ).chat.completions.create(
          Object.assign(chatParams(model, request), { stream: false as const }),
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

    stream(request, onDelta) {
      let model: string;
      try {
        model = resolveModel(request.model);
      } catch (error) {
        return Promise.reject(error);
      }
      // The prompt is serialised now and handed over once: what reads the answer (often for
      // seconds) keeps no reference to it.
      // (Object.assign rather than a spread copy: in Node 20's V8 that copy, prompt and all, would
      // outlive the young generation; decision 0029.)
      const payload = {
        json: JSON.stringify(Object.assign(chatParams(model, request), { stream: true })),
      };
      // Only what it needs: an async function's frame keeps its arguments (here the prompt) for as
      // long as it runs.
      return streamCompletion(config, model, payload, request.signal, request.timeLimitMs, onDelta);
    },
  };
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
 * The streamed answer: each text delta goes to `onDelta` as it arrives; resolves with the whole
 * completion. If `onDelta` throws, the upstream request is closed (no tokens are paid for that
 * nobody reads) and that error is the answer.
 */
async function streamCompletion(
  config: LlmConfig,
  model: string,
  /** Emptied when the request is sent (openEventStream). */
  payload: { json: string },
  callerSignal: AbortSignal | undefined,
  timeLimitMs: number | undefined,
  onDelta: (text: string) => void,
): Promise<Completion> {
  // For a stream the timeout is the longest silence allowed (before the first chunk and between
  // chunks): a long answer may legitimately take longer than timeoutMs in total, unless the
  // caller set a time limit.
  const control = callControl(config.timeoutMs, callerSignal, timeLimitMs);
  let consumerFailed = false;
  let consumerError: unknown;
  try {
    if (callerSignal?.aborted) throw abortError();
    const response = await openEventStream(
      `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
      config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      payload,
      control,
    );
    let content = '';
    let answeredModel = '';
    let finishReason: string | null = null;
    await readEvents(response, parseChunk, (event) => {
      control.touch();
      const chunk = event as Partial<OpenAI.Chat.ChatCompletionChunk> | null;
      if (!answeredModel && typeof chunk?.model === 'string') answeredModel = chunk.model;
      // Usage-only chunks have no choices; some servers send a null delta.content.
      const choice = chunk?.choices?.[0];
      if (!choice) return;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const delta = choice.delta?.content;
      if (typeof delta === 'string' && delta !== '') {
        content += delta;
        try {
          onDelta(delta);
        } catch (error) {
          consumerFailed = true;
          consumerError = error;
          throw error;
        }
        // After an abort, stop handing out text.
        if (control.cancelled) throw abortError();
      }
    });
    if (control.aborted) throw abortError();
    if (content.trim() === '') throw upstreamError(LLM_EMPTY, 'empty answer');
    return { content, model: answeredModel || model, finishReason };
  } catch (error) {
    if (consumerFailed) throw consumerError;
    throw toProviderError(error, control, LLM_MESSAGES);
  } finally {
    control.dispose();
  }
}

const LLM_MESSAGES: ProviderMessages = { failed: LLM_FAILED, timeout: LLM_TIMEOUT, busy: LLM_BUSY };
