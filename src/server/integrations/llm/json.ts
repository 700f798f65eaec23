import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { upstreamError, type ChatMessage, type CompletionRequest, type LlmGateway } from './llm';

export const INVALID_ANSWER = 'The model returned an invalid answer. Please try again.';

/** How many top-level `{` / `[` spans are tried before giving up, so a long prose answer stays cheap. */
const MAX_CANDIDATES = 8;

/**
 * Parses JSON out of a model's answer, which may wrap it in ```json fences or prose and be sloppy
 * (models ignore response_format more often than one would like). Only the picking of the JSON out
 * of the answer is ours; the repair (trailing commas, single or curly quotes, unquoted keys,
 * comments, Python literals, missing commas) is `jsonrepair`'s. Throws a SyntaxError when no
 * reading gives JSON.
 *
 * JSON whose outer bracket never closes is refused, not completed: it was cut off, and jsonrepair
 * would fill in what is missing (`{"a": ` becomes `{"a": null}`, a cut list looks whole).
 */
export function parseJsonLoosely(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // Pick the JSON out of the answer below.
  }
  const fenced = /```[^\n`]*\n([\s\S]*?)```/.exec(trimmed)?.[1];
  for (const source of fenced === undefined ? [trimmed] : [fenced, trimmed]) {
    for (const span of spans(source)) {
      try {
        return JSON.parse(span);
      } catch {
        // Repair it below.
      }
      try {
        const value: unknown = JSON.parse(jsonrepair(span));
        // Only a structure: jsonrepair reads stray prose as a string.
        if (typeof value === 'object' && value !== null) return value;
      } catch {
        // Try the next span.
      }
    }
  }
  throw new SyntaxError('The answer contains no valid JSON.');
}

/**
 * The top-level bracketed spans of `text` in order: from a `{` or `[` to its matching end (brackets
 * in "strings" skipped), so a span nested in an earlier one is never read on its own. When the
 * brackets do not pair up (a quote jsonrepair will mend), the span runs to the last closer of its
 * kind. Stops at a bracket that is still open at the end of the text: the JSON was cut off.
 */
function* spans(text: string): Generator<string> {
  let tried = 0;
  for (let start = 0; start < text.length && tried < MAX_CANDIDATES; start++) {
    const c = text[start];
    if (c !== '{' && c !== '[') continue;
    tried++;
    let end = matchingEnd(text, start);
    if (end === CUT_OFF) return;
    if (end === MISMATCH) end = text.lastIndexOf(c === '{' ? '}' : ']');
    if (end <= start) continue;
    yield text.slice(start, end + 1);
    start = end;
  }
}

const CUT_OFF = -1;
const MISMATCH = -2;

/** The index of the bracket closing the one at `start`, CUT_OFF or MISMATCH. */
function matchingEnd(text: string, start: number): number {
  const expected: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      expected.push(c === '{' ? '}' : ']');
    } else if (c === '}' || c === ']') {
      if (expected.pop() !== c) return MISMATCH;
      if (expected.length === 0) return i;
    }
  }
  return CUT_OFF;
}

/**
 * The JSON Schema sent as response_format for the answer a zod schema describes: what the schema
 * produces, so a tolerant reader's preprocessing does not widen what the model is asked for.
 */
export function jsonSchemaOf(
  name: string,
  schema: z.ZodType,
): NonNullable<CompletionRequest['jsonSchema']> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    unrepresentable: 'any',
  });
  return { name, schema: json };
}

type JsonRequest = CompletionRequest & {
  jsonSchema: NonNullable<CompletionRequest['jsonSchema']>;
};

/**
 * Asks for JSON and returns it validated by `schema`. A malformed answer is shown back to the
 * model with what was wrong, `retries` times (default 1), before giving up with a 502. Errors from
 * the gateway itself (502, 503, aborts) pass through untouched: retrying them here would only
 * double the wait.
 */
export async function completeJson<T>(
  llm: LlmGateway,
  request: JsonRequest,
  schema: z.ZodType<T>,
  options: { retries?: number } = {},
): Promise<T> {
  const retries = Math.max(0, options.retries ?? 1);
  let messages: ChatMessage[] = request.messages;
  for (let attempt = 0; ; attempt++) {
    const { content, finishReason } = await llm.complete({ ...request, messages });
    const result = check(content, finishReason, schema);
    if (result.ok) return result.value;
    if (attempt >= retries) throw upstreamError(INVALID_ANSWER, `invalid JSON: ${result.problem}`);
    // Only the latest bad answer is shown, so the context does not grow with every retry.
    messages = [
      ...request.messages,
      { role: 'assistant', content },
      {
        role: 'user',
        content:
          `That was not valid JSON for the schema: ${result.problem}. ` +
          'Answer again with only the JSON.',
      },
    ];
  }
}

function check<T>(
  content: string,
  finishReason: string | null,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
  // Refused before any repair: jsonrepair would complete a cut-off object with nulls.
  if (finishReason === 'length') {
    return { ok: false, problem: 'it was cut off by the length limit, so make it shorter' };
  }
  let value: unknown;
  try {
    value = parseJsonLoosely(content);
  } catch {
    return { ok: false, problem: 'it could not be parsed as JSON' };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
  return { ok: false, problem: problem.slice(0, 300) };
}
