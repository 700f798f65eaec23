import { LLM_BUSY, LLM_EMPTY, LLM_TIMEOUT, LlmError, type LlmGateway } from '../integrations/llm';
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
 * The model gateway, measured: time to first text and text pieces per second of each stream by
 * model, and failures by kind. Everything else passes through untouched.
 */
export function measuredLlm(llm: LlmGateway, metrics: Metrics): LlmGateway {
  return {
    get configured() {
      return llm.configured;
    },
    models: llm.models,
    defaultModel: llm.defaultModel,
    isAllowedModel: (model) => llm.isAllowedModel(model),
    complete: (request) =>
      llm.complete(request).catch((error: unknown) => {
        metrics.llmErrors.inc({ kind: errorKind(error) });
        throw error;
      }),
    stream(request, onDelta) {
      // Only the allow-list's names: a label never takes a value a client made up.
      const asked = request.model ?? llm.defaultModel ?? 'none';
      const model = llm.isAllowedModel(asked) ? asked : 'other';
      const started = performance.now();
      let first = 0;
      let pieces = 0;
      return llm
        .stream(request, (text) => {
          if (pieces++ === 0) first = performance.now();
          onDelta(text);
        })
        .then(
          (completion) => {
            if (pieces > 0) {
              metrics.timeToFirstToken.observe({ model }, (first - started) / 1000);
              const seconds = (performance.now() - first) / 1000;
              if (pieces > 1 && seconds > 0)
                metrics.tokensPerSecond.observe({ model }, (pieces - 1) / seconds);
            }
            return completion;
          },
          (error: unknown) => {
            metrics.llmErrors.inc({ kind: errorKind(error) });
            throw error;
          },
        );
    },
  };
}
