/**
 * Parsing of a streamed chat completion's chunks. Almost every chunk of a reply carries nothing
 * but the next few characters of text, and JSON.parse of each (id, model, dates and all) was the
 * largest single cost of a token in this process (bench section 1, decision 0031). A chunk of
 * exactly that shape is recognised by a pattern that accepts only valid JSON of it, and only its
 * text is taken out (about a sixth of the time). Anything else (a first chunk with the role, the
 * last with a finish reason, usage, tool calls, an error, several choices, any whitespace) is
 * parsed in full, as before.
 */

/** A JSON string's contents (without its quotes): no control characters, only JSON's escapes. */
const STRING_BODY = String.raw`(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*`;
/** A value with nothing inside it: string, number, null or boolean. */
const SIMPLE_VALUE = String.raw`(?:"${STRING_BODY}"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null|true|false)`;
/** A chunk's member other than its choices: id, object, created, model, fingerprints, usage: null… */
const CHUNK_MEMBER = String.raw`"(?!(?:choices|error)")[A-Za-z_]+":${SIMPLE_VALUE}`;
/** A choice's member other than its delta: the first choice, not finished, no log probabilities. */
const CHOICE_MEMBER = String.raw`(?:"(?:finish_reason|logprobs)":null|"index":0|"(?!(?:finish_reason|index|delta|logprobs)")[A-Za-z_]+":${SIMPLE_VALUE})`;
const TEXT_DELTA = String.raw`\{(?:"role":"assistant",)?"content":"(${STRING_BODY})"\}`;

const PLAIN_TEXT_CHUNK = new RegExp(
  String.raw`^\{(?:${CHUNK_MEMBER},)*"choices":\[\{(?:${CHOICE_MEMBER},)*"delta":${TEXT_DELTA}(?:,${CHOICE_MEMBER})*\}\](?:,${CHUNK_MEMBER})*\}$`,
);

/**
 * One chunk's `data:` payload as the stream's reader uses it: for a chunk that only carries text,
 * just `{ choices: [{ delta: { content } }] }`; otherwise the whole JSON (throws if it is not
 * JSON, as JSON.parse does).
 */
export function parseChunk(data: string): unknown {
  const match = PLAIN_TEXT_CHUNK.exec(data);
  if (!match) return JSON.parse(data);
  const body = match[1]!;
  const content = body.includes('\\') ? (JSON.parse(`"${body}"`) as string) : body;
  return { choices: [{ delta: { content } }] };
}
