import type OpenAI from 'openai';
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
  type CompletionRequest,
  type CompletionStream,
  type LlmGateway,
} from './llm';
import { openEventStream, readEvents } from './event-stream';
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
      const control = callControl(config.timeoutMs, request.signal);
      try {
        if (request.signal?.aborted) throw abortError();
        const response = await (
          await client()
        ).chat.completions.create(
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
      // The prompt is serialised now and handed over once: the stream that reads the answer
      // (often for seconds) keeps no reference to it.
      const payload = { json: JSON.stringify({ ...chatParams(model, request), stream: true }) };
      return streamCompletion(config, model, payload, request.signal);
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
 * The streamed answer as a plain async generator: it yields the text deltas and returns the whole
 * completion. The request starts with the first `next()`; a consumer that stops early (break,
 * return, throw) cancels the upstream request, so no tokens are paid for that nobody reads.
 */
async function* streamCompletion(
  config: LlmConfig,
  model: string,
  /** Emptied when the request is sent (openEventStream). */
  payload: { json: string },
  callerSignal: AbortSignal | undefined,
): CompletionStream {
  // For a stream the timeout is the longest silence allowed (before the first chunk and between
  // chunks): a long answer may legitimately take longer than timeoutMs in total.
  const control = callControl(config.timeoutMs, callerSignal);
  let settled = false;
  try {
    if (callerSignal?.aborted) throw abortError();
    const response = await openEventStream(
      `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
      config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      payload,
      control.signal,
    );
    const events = readEvents(response, control.signal);
    let content = '';
    let answeredModel = '';
    let finishReason: string | null = null;
    for await (const event of events) {
      control.touch();
      const chunk = event as Partial<OpenAI.Chat.ChatCompletionChunk> | null;
      if (!answeredModel && typeof chunk?.model === 'string') answeredModel = chunk.model;
      // Usage-only chunks have no choices; some servers send a null delta.content.
      const choice = chunk?.choices?.[0];
      if (!choice) continue;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      const delta = choice.delta?.content;
      if (typeof delta === 'string' && delta !== '') {
        content += delta;
        yield delta;
        // After an abort, stop handing out text.
        if (control.cancelled) throw abortError();
      }
    }
    if (control.signal.aborted) throw abortError();
    if (content.trim() === '') throw upstreamError(LLM_EMPTY, 'empty answer');
    settled = true;
    return { content, model: answeredModel || model, finishReason };
  } catch (error) {
    settled = true;
    throw toProviderError(error, control, LLM_MESSAGES);
  } finally {
    // Neither returned nor failed: the consumer stopped reading. Stop paying for tokens.
    if (!settled) control.cancel();
    control.dispose();
  }
}

const LLM_MESSAGES: ProviderMessages = { failed: LLM_FAILED, timeout: LLM_TIMEOUT, busy: LLM_BUSY };
