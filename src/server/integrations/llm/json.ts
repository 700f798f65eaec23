import { z } from 'zod';
import { upstreamError, type ChatMessage, type CompletionRequest, type LlmGateway } from './llm';

export const INVALID_ANSWER = 'The model returned an invalid answer. Please try again.';

/** How many `{` / `[` starts are tried before giving up, so a long prose answer stays cheap. */
const MAX_CANDIDATES = 8;

/**
 * Parses JSON out of a model's answer, which may wrap it in ```json fences or prose and leave
 * trailing commas (models ignore response_format more often than one would like). Takes the first
 * fenced block or the outermost {...} / [...] that parses. Throws a SyntaxError when none does.
 */
export function parseJsonLoosely(text: string): unknown {
  for (const candidate of candidates(text)) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Try the next reading.
    }
    const cleaned = removeTrailingCommas(candidate);
    if (cleaned === candidate) continue;
    try {
      return JSON.parse(cleaned);
    } catch {
      // Try the next reading.
    }
  }
  throw new SyntaxError('The answer contains no valid JSON.');
}

function* candidates(text: string): Generator<string> {
  const trimmed = text.trim();
  yield trimmed;
  const fenced = /```[^\n`]*\n([\s\S]*?)```/.exec(trimmed);
  if (fenced?.[1] !== undefined) {
    yield fenced[1].trim();
    yield* enclosed(fenced[1]);
  }
  yield* enclosed(trimmed);
}

/** The bracketed spans of `text`, from the first `{` or `[` on, each to its matching end. */
function* enclosed(text: string): Generator<string> {
  let tried = 0;
  for (let start = 0; start < text.length && tried < MAX_CANDIDATES; start++) {
    const c = text[start];
    if (c !== '{' && c !== '[') continue;
    tried++;
    const end = matchingEnd(text, start);
    if (end !== -1) {
      yield text.slice(start, end + 1);
    } else {
      // Unbalanced (a stray bracket in a string the model mangled): fall back to the last closer.
      const last = text.lastIndexOf(c === '{' ? '}' : ']');
      if (last > start) yield text.slice(start, last + 1);
    }
  }
}

/** The index of the bracket closing the one at `start`, or -1; brackets in strings are skipped. */
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
      if (expected.pop() !== c) return -1;
      if (expected.length === 0) return i;
    }
  }
  return -1;
}

/** Drops commas that directly precede `}` or `]`, leaving string contents alone. */
function removeTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === ',') {
      const next = /\S/.exec(text.slice(i + 1));
      if (next && (next[0] === '}' || next[0] === ']')) continue;
    }
    out += c;
  }
  return out;
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
    const { content } = await llm.complete({ ...request, messages });
    const result = check(content, schema);
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
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
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
