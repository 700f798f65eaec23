import type { LlmServing } from '../../config';
import type { ChatMessage, CompletionRequest } from './llm';
import { EVERY_MODEL } from './sampling-setting';
import { isPrefill, prepareTurns } from './turns';

/** OpenAI's limit on stop strings; any further ones are only cut locally (answer-filter.ts). */
const MAX_STOPS = 4;

/**
 * What a request may send that some servers refuse with a 400, in the order they are given up
 * when one does (adaptation.ts): the structured-output format costs least to lose (the tolerant
 * JSON reader copes), the system role most. A stream's usage report (`stream_options`) comes
 * last although it costs least (the tokens are then estimated): the servers that refuse it are a
 * few old ones, and given up first it would cost every server that refuses one of the others a
 * round trip more on its first call.
 */
export const FALLIBLE_FEATURES = ['jsonSchema', 'prefill', 'systemRole', 'usageReport'] as const;
export type FallibleFeature = (typeof FALLIBLE_FEATURES)[number];

export const SERVING_DEFAULTS: LlmServing = {
  sampling: {},
  reasoningModels: [],
  reasoningTokens: 0,
  systemRole: 'keep',
  prefill: true,
};

/**
 * The chat completion's body for `model`: turns prepared for every server (turns.ts), sampling
 * and limits as the model takes them, and only the features not in `withheld`. Also says which
 * fallible features it does send.
 */
export function requestBody(
  model: string,
  request: CompletionRequest,
  serving: LlmServing,
  withheld: ReadonlySet<FallibleFeature>,
  streamed = false,
): { body: Record<string, unknown>; sent: Set<FallibleFeature> } {
  const sent = new Set<FallibleFeature>();
  const reasoning = serving.reasoningModels.includes(model);
  const jsonSchema = withheld.has('jsonSchema') ? undefined : request.jsonSchema;
  const prefill = serving.prefill && !withheld.has('prefill');
  const systemRole = serving.systemRole === 'keep' && !withheld.has('systemRole');
  let messages: readonly ChatMessage[] = request.messages;
  if (request.jsonSchema && !jsonSchema)
    messages = [...messages, schemaInWords(request.jsonSchema)];
  if (prefill && isPrefill(messages)) sent.add('prefill');
  const turns = prepareTurns(messages, { systemRole, prefill });
  if (systemRole && turns.some((turn) => turn.role === 'system')) sent.add('systemRole');

  const body: Record<string, unknown> = { model, messages: turns };
  if (!reasoning) {
    // Reasoning models refuse sampling fields (OpenAI's o-series answers 400) or ignore them.
    setIfDefined(body, 'temperature', request.temperature);
    setIfDefined(body, 'top_p', request.topP);
    setIfDefined(body, 'frequency_penalty', request.frequencyPenalty);
    setIfDefined(body, 'presence_penalty', request.presencePenalty);
  }
  // The operator's own values are sent even to a reasoning model: they know what their server takes.
  if (request.operatorSampling) {
    Object.assign(body, serving.sampling[EVERY_MODEL], serving.sampling[model]);
  }
  if (request.maxTokens !== undefined) {
    // max_tokens for the others: the compatible servers only know that one.
    if (reasoning) body.max_completion_tokens = request.maxTokens + serving.reasoningTokens;
    else body.max_tokens = request.maxTokens;
  }
  // A reasoning model's stop would also end its thinking, which can contain anything (and the
  // o-series refuses `stop`): its answer is cut locally only.
  const stops = request.stop?.filter((stop) => stop !== '').slice(0, MAX_STOPS);
  if (!reasoning && stops && stops.length > 0) body.stop = stops;
  if (jsonSchema) {
    sent.add('jsonSchema');
    body.response_format = {
      type: 'json_schema',
      // strict: false, because strict mode rejects common schemas (optional fields, open objects).
      json_schema: { name: jsonSchema.name, schema: jsonSchema.schema, strict: false },
    };
  }
  if (streamed) {
    body.stream = true;
    // A stream reports its usage only when asked, in a last chunk without choices.
    if (!withheld.has('usageReport')) {
      sent.add('usageReport');
      body.stream_options = { include_usage: true };
    }
  }
  return { body, sent };
}

/** The schema asked for in words, for a server that refused response_format (joined to the last user turn). */
function schemaInWords(jsonSchema: NonNullable<CompletionRequest['jsonSchema']>): ChatMessage {
  return {
    role: 'user',
    content:
      'Answer with only JSON matching this JSON Schema, nothing before or after it:\n' +
      JSON.stringify(jsonSchema.schema),
  };
}

function setIfDefined(body: Record<string, unknown>, key: string, value: number | undefined) {
  if (value !== undefined) body[key] = value;
}
