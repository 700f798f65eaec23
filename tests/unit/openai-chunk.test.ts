import { describe, expect, it } from 'vitest';
import { parseChunk } from '../../src/server/integrations/llm/openai-chunk';

/** What the stream's reader takes from a chunk: the first choice's text and finish reason. */
function seen(data: string) {
  const chunk = parseChunk(data) as {
    model?: string;
    error?: unknown;
    choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  };
  const choice = chunk.choices?.[0];
  return {
    text: choice?.delta?.content,
    finish: choice?.finish_reason ?? null,
    model: chunk.model,
    error: chunk.error,
  };
}

const chunk = (content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1764186000,
    model: 'big-405b',
    choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }],
    ...extra,
  });

describe('parseChunk', () => {
  it('reads the text of the chunks real providers send, whatever their other fields', () => {
    const shapes = [
      chunk('lighthouse '),
      // OpenAI, 2025: tier, fingerprint, usage: null and an obfuscation string.
      '{"id":"chatcmpl-B9","object":"chat.completion.chunk","created":1725,"model":"gpt-4o","service_tier":"default","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"content":"lighthouse "},"logprobs":null,"finish_reason":null}],"usage":null,"obfuscation":"aXk"}',
      // llama.cpp: members in alphabetical order.
      '{"choices":[{"finish_reason":null,"index":0,"delta":{"content":"lighthouse "}}],"created":1,"id":"x","model":"m","system_fingerprint":"b1","object":"chat.completion.chunk"}',
      // Ollama: the role repeated in every delta.
      '{"id":"x","object":"chat.completion.chunk","created":1,"model":"llama3","choices":[{"index":0,"delta":{"role":"assistant","content":"lighthouse "},"finish_reason":null}]}',
    ];
    for (const data of shapes) expect(seen(data).text).toBe('lighthouse ');
  });

  it('gives any text exactly as JSON.parse does: quotes, escapes, unicode, emoji, line breaks', () => {
    const texts = [
      '',
      'He said "hi"\\ and left.\n\tNext line',
      'café — ünïcødé ✨ 🌊 \u2028 \u0001',
      '</script>{"choices":[]}',
      '\\u0041 is not A',
    ];
    // Also what a provider may escape that JSON.stringify does not: "\/" and "\u00e9".
    const handEscaped = '{"id":"x","choices":[{"index":0,"delta":{"content":"a\\/b \\u00e9"}}]}';
    for (const text of texts) expect(seen(chunk(text)).text).toBe(text);
    expect(seen(handEscaped).text).toBe('a/b é');
  });

  it('parses every other chunk in full, so nothing in it is lost', () => {
    const full = [
      chunk('', { choices: [{ index: 0, delta: { content: 'x' }, finish_reason: 'stop' }] }),
      chunk('', {
        choices: [{ index: 0, delta: { role: 'assistant', content: '', refusal: null } }],
      }),
      chunk('', { choices: [{ index: 0, delta: { content: 'x', tool_calls: [] } }] }),
      chunk('', { choices: [{ index: 0, delta: { reasoning_content: 'hmm' } }] }),
      chunk('x', { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
      chunk('x', { choices: [] }),
      JSON.stringify({ id: 'x', choices: [{ index: 0, delta: { content: 'x' } }] }, null, 1),
    ];
    for (const data of full) expect(parseChunk(data)).toEqual(JSON.parse(data));
    expect(seen(full[0]!).finish).toBe('stop');
  });

  it('never takes the text of a chunk that is an error or answers another choice', () => {
    const error = '{"error":"overloaded","choices":[{"index":0,"delta":{"content":"x"}}]}';
    expect(seen(error).error).toBe('overloaded');
    const second = '{"id":"x","choices":[{"index":1,"delta":{"content":"other"}}]}';
    expect(parseChunk(second)).toEqual(JSON.parse(second));
    const two =
      '{"choices":[{"index":0,"delta":{"content":"a"}},{"index":1,"delta":{"content":"b"}}]}';
    expect(parseChunk(two)).toEqual(JSON.parse(two));
  });

  it('rejects what is not JSON, as JSON.parse does', () => {
    expect(() => parseChunk('{"choices":[{"index":0,"delta":{"content":"a\u0001"}}]}')).toThrow();
    expect(() => parseChunk('{"choices":[{"index":0,"delta":{"content":"a\\x"}}]}')).toThrow();
    expect(() => parseChunk('not json')).toThrow();
  });
});
