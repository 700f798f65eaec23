import {
  LLM_BUSY,
  LLM_EMPTY,
  LLM_TIMEOUT,
  LlmError,
  type ChatMessage,
  type Completion,
  type CompletionRequest,
  type LlmGateway,
} from '../integrations/llm';
import type { UsageRecorder } from './usage-recorder';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../prompts/tokens';
import type { Metrics } from './metrics';

/** A failed model call's kind, for reverie_llm_errors_total. */
function errorKind(error: unknown): string {
  if (!(error instanceof LlmError)) return 'upstream';
  if (error.failure !== 'upstream') return error.failure;
  if (error.message === LLM_TIMEOUT) return 'timeout';
  if (error.message === LLM_BUSY) return 'busy';
  if (error.message === LLM_EMPTY) return 'empty';
  return 'upstream';
}

/**
 * The tokens a call used, counted by model (issue 48 part 3: what the models cost): the
 * provider's usage report, or where it sent none, the prompt's estimate (tokens.ts, which leans
 * high: a cost is never under-counted) of what was sent and what came back, marked as estimated.
 */
function countTokens(
  metrics: Metrics,
  model: string,
  inputEstimate: number,
  completion: Completion,
) {
  const reported = completion.usage;
  const source = reported ? 'reported' : 'estimated';
  const input = reported?.inputTokens ?? inputEstimate;
  const output = reported?.outputTokens ?? estimateTokens(completion.content);
  metrics.llmTokens.inc({ model, direction: 'input', source }, input);
  metrics.llmTokens.inc({ model, direction: 'output', source }, output);
  return { inputTokens: input, outputTokens: output, estimated: !reported };
}

/**
 * A refusal before the call (no model set up, a model outside the allow-list) asked nobody: it
 * is no model call, and no usage row records it.
 */
const askedNobody = (error: unknown) => error instanceof LlmError && error.failure !== 'upstream';

/** A failed call's row: counted as a failure; its tokens unknown (no usage report came). */
const FAILED = { ok: false, inputTokens: 0, outputTokens: 0, estimated: false } as const;

/** The prompt's tokens as the prompt builder counts them (each message with its wrapping). */
const estimateInput = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);

/**
 * The model gateway, measured: time to first text and text pieces per second of each stream by
 * model, tokens by model, and failures by kind. Everything else passes through untouched. With a
 * recorder, each call whose request carries `usage` also leaves one `model_usage` row once it
 * has finished (answered, with its tokens and time to first token; or failed, without tokens).
 */
export function measuredLlm(
  llm: LlmGateway,
  metrics: Metrics,
  record: UsageRecorder = async () => undefined,
): LlmGateway {
  // Only the allow-list's names: a label never takes a value a client made up.
  const modelLabel = (request: CompletionRequest) => {
    const asked = request.model ?? llm.defaultModel ?? 'none';
    return llm.isAllowedModel(asked) ? asked : 'other';
  };
  return {
    get configured() {
      return llm.configured;
    },
    models: llm.models,
    defaultModel: llm.defaultModel,
    isAllowedModel: (model) => llm.isAllowedModel(model),
    complete: (request) =>
      llm.complete(request).then(
        async (completion) => {
          const model = modelLabel(request);
          const tokens = countTokens(metrics, model, estimateInput(request.messages), completion);
          if (request.usage)
            await record({ ...request.usage, model, ok: true, ...tokens, ttftMs: null });
          return completion;
        },
        async (error: unknown) => {
          metrics.llmErrors.inc({ kind: errorKind(error) });
          if (request.usage && !askedNobody(error))
            await record({ ...request.usage, model: modelLabel(request), ...FAILED, ttftMs: null });
          throw error;
        },
      ),
    stream(request, onDelta) {
      const measure = new StreamMeasure(modelLabel(request), request.usage, request.messages);
      const streamed = llm.stream(request, (text) => measure.delta(text, onDelta));
      setImmediate(StreamMeasure.estimate, measure);
      return streamed.then(
        (completion) => measure.done(completion, metrics, record),
        (error: unknown) => measure.failed(error, metrics, record),
      );
    },
  };
}

/**
 * One streamed call's measures: time to first text, text pieces per second, tokens and the usage
 * row. An object with methods rather than closures over the call: a reply can wait on its model
 * for minutes, and each closure it keeps is memory (bench section 6, 2026-12-06).
 */
class StreamMeasure {
  readonly started = performance.now();
  first = 0;
  pieces = 0;
  inputEstimate = 0;

  constructor(
    readonly model: string,
    readonly usage: CompletionRequest['usage'],
    /**
     * The prompt, until its estimate is made: once the request has gone out (off the time to
     * first token), or at the first text if that is sooner, and let go then. A reply can wait on
     * its model and then stream for minutes, and nothing reading it keeps the prompt
     * (openai-llm.ts, decision 0029). Holding it until the first text kept 4 KiB of every idle
     * stream's 22 (bench section 6, 2026-12-01).
     */
    public prompt: readonly ChatMessage[] | null,
  ) {}

  static estimate(measure: StreamMeasure) {
    measure.estimateOnce();
  }

  estimateOnce() {
    if (this.prompt) this.inputEstimate = estimateInput(this.prompt);
    this.prompt = null;
  }

  delta(text: string, onDelta: (text: string) => void) {
    if (this.pieces++ === 0) this.first = performance.now();
    onDelta(text);
    if (this.pieces === 1) this.estimateOnce();
  }

  get ttftMs() {
    return this.pieces > 0 ? this.first - this.started : null;
  }

  async done(completion: Completion, metrics: Metrics, record: UsageRecorder) {
    const { model, usage } = this;
    if (this.pieces > 0) {
      metrics.timeToFirstToken.observe({ model }, (this.first - this.started) / 1000);
      const seconds = (performance.now() - this.first) / 1000;
      if (this.pieces > 1 && seconds > 0)
        metrics.tokensPerSecond.observe({ model }, (this.pieces - 1) / seconds);
    }
    this.estimateOnce();
    const tokens = countTokens(metrics, model, this.inputEstimate, completion);
    if (usage) await record({ ...usage, model, ok: true, ...tokens, ttftMs: this.ttftMs });
    return completion;
  }

  async failed(error: unknown, metrics: Metrics, record: UsageRecorder): Promise<never> {
    this.prompt = null;
    metrics.llmErrors.inc({ kind: errorKind(error) });
    if (this.usage && !askedNobody(error))
      await record({ ...this.usage, model: this.model, ...FAILED, ttftMs: this.ttftMs });
    throw error;
  }
}
