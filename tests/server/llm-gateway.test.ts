import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig, type Config } from '../../src/server/config';
import {
  LlmError,
  completeJson,
  createImageGenerator,
  createLlm,
  parseJsonLoosely,
  type CallHandle,
  type CompletionRequest,
  type LlmGateway,
} from '../../src/server/integrations/llm';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';

const API_KEY = 'sk-test-very-secret-key';

let double: LlmDouble;
let dataDir: string;
let config: Config;
let llm: LlmGateway;

beforeAll(async () => {
  double = await startLlmDouble();
  dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-llm-'));
  config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-that-is-long-enough-to-be-valid-0123456789',
    LLM_BASE_URL: double.url,
    LLM_API_KEY: API_KEY,
    LLM_MODELS: 'big-405b,rp-70b',
    LLM_TIMEOUT_MS: '2000',
    IMAGE_MODEL: 'pixel-xl',
  });
  llm = createLlm(config);
});
afterAll(async () => {
  await double.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => double.reset());

const hello = [{ role: 'user' as const, content: 'Hello?' }];
const chatRequests = () => double.requests.filter((r) => r.path === '/v1/chat/completions');

/** Runs `promise` and returns what it rejected with (fails the test if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<any> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

/** Streams a completion, collecting its deltas. */
async function collect(gateway: LlmGateway, request: CompletionRequest) {
  const pieces: string[] = [];
  const completion = await gateway.stream(request, (piece) => pieces.push(piece));
  return { pieces, completion };
}

describe('LLM gateway: completions', () => {
  it('exposes the allow-list with the first model as default', () => {
    expect(llm.configured).toBe(true);
    expect(llm.models).toEqual(['big-405b', 'rp-70b']);
    expect(llm.defaultModel).toBe('big-405b');
    expect(llm.isAllowedModel('rp-70b')).toBe(true);
    expect(llm.isAllowedModel('gpt-9')).toBe(false);
  });

  it('answers a non-streaming completion', async () => {
    double.script({ content: 'The moon is bright tonight.' });
    const completion = await llm.complete({ messages: hello });
    expect(completion).toEqual({
      content: 'The moon is bright tonight.',
      model: 'big-405b',
      finishReason: 'stop',
      usage: { inputTokens: expect.any(Number), outputTokens: 5 },
    });
  });

  it('sends the default model, messages, options and the API key', async () => {
    await llm.complete({
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.7,
      maxTokens: 50,
    });
    const [request] = chatRequests();
    expect(request!.body).toMatchObject({
      model: 'big-405b',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.7,
      max_tokens: 50,
    });
    expect(request!.body.stream).toBeFalsy();
    expect(request!.body.response_format).toBeUndefined();
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('uses a chosen model from the allow-list and asks for json_schema when given', async () => {
    const schema = { type: 'object', properties: { mood: { type: 'string' } } };
    double.script({ content: '{"mood":"calm"}' });
    await llm.complete({ messages: hello, model: 'rp-70b', jsonSchema: { name: 'mood', schema } });
    expect(chatRequests()[0]!.body).toMatchObject({
      model: 'rp-70b',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'mood', schema, strict: false },
      },
    });
  });

  it('rejects a model outside the allow-list with 400 without calling the provider', async () => {
    const error = await rejection(llm.complete({ messages: hello, model: 'small-8b' }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ failure: 'unknown-model', message: 'Unknown model' });
    const streamError = await rejection(llm.stream({ messages: hello, model: 'nope' }, () => {}));
    expect(streamError).toMatchObject({ failure: 'unknown-model', message: 'Unknown model' });
    expect(chatRequests()).toHaveLength(0);
  });

  it('turns an upstream 500 into a 502 that leaks neither the body nor the key', async () => {
    double.script({ status: 500, body: '{"error":{"message":"GPU melted: internal-detail"}}' });
    const error = await rejection(llm.complete({ messages: hello }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.failure).toBe('upstream');
    expect(error.message).toBe('The language model did not answer. Please try again.');
    const everything = JSON.stringify({ message: error.message, cause: String(error.cause) });
    expect(everything).not.toContain('internal-detail');
    expect(everything).not.toContain(API_KEY);
  });

  it('turns a non-JSON error page and an empty answer into 502s', async () => {
    double.script({ status: 503, body: '<html>Bad gateway</html>' }, { content: '' });
    expect(await rejection(llm.complete({ messages: hello }))).toMatchObject({
      failure: 'upstream',
    });
    expect(await rejection(llm.complete({ messages: hello }))).toMatchObject({
      failure: 'upstream',
    });
  });

  it('gives up on a stalled provider after the timeout with a 502', async () => {
    const impatient = createLlm({ ...config, llm: { ...config.llm!, timeoutMs: 300 } });
    double.script({ stall: true });
    const started = Date.now();
    const error = await rejection(impatient.complete({ messages: hello }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model took too long to answer.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects with an AbortError when the caller aborts', async () => {
    double.script({ stall: true });
    const controller = new AbortController();
    const pending = llm.complete({ messages: hello, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(LlmError);
  });

  it('is stopped through its handle as by an aborted signal; the handle is let go once it ends', async () => {
    double.script({ stall: true });
    const handle: CallHandle = {};
    const pending = llm.complete({ messages: hello, handle });
    await expect.poll(() => chatRequests()).toHaveLength(1);
    handle.call!.cancel();
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(handle.call).toBeUndefined();
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const error = await rejection(llm.complete({ messages: hello, signal: AbortSignal.abort() }));
    expect(error.name).toBe('AbortError');
    expect(chatRequests()).toHaveLength(0);
  });
});

describe('LLM gateway: streaming', () => {
  it('hands out several deltas that join to the content, then the whole answer', async () => {
    const content = 'Once upon a time, in a quiet harbour town, a lantern kept watch.';
    double.script({ content });
    const { pieces, completion } = await collect(llm, { messages: hello, model: 'rp-70b' });
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(content);
    expect(completion).toEqual({
      content,
      model: 'rp-70b',
      finishReason: 'stop',
      usage: { inputTokens: expect.any(Number), outputTokens: pieces.length },
    });
    expect(chatRequests()[0]!.body).toMatchObject({ model: 'rp-70b', stream: true });
    expect(chatRequests()[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('keeps multi-byte text intact (accents, CJK, emoji)', async () => {
    const content = 'Café naïve — 夜の灯台 🌙✨ déjà vu';
    double.script({ content });
    const { pieces, completion } = await collect(llm, { messages: hello });
    expect(completion.content).toBe(content);
    expect(pieces.join('')).toBe(content);
  });

  it('turns a 429 into the busy message', async () => {
    double.script({ status: 429 });
    const error = await rejection(collect(llm, { messages: hello }));
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model is busy right now. Please try again in a moment.',
    });
  });

  it('fails with a 502 on an upstream error', async () => {
    double.script({ status: 500 });
    const error = await rejection(collect(llm, { messages: hello }));
    expect(error).toMatchObject({ failure: 'upstream' });
  });

  it('times out a stream that goes silent mid-answer', async () => {
    const impatient = createLlm({ ...config, llm: { ...config.llm!, timeoutMs: 300 } });
    double.script({ content: 'slow words arrive here', chunkDelayMs: 1000 });
    const error = await rejection(collect(impatient, { messages: hello }));
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model took too long to answer.',
    });
  });

  it('cuts an answer that streams steadily past its time limit', async () => {
    // Twenty words a tenth of a second apart: two seconds, cut at 0.7 (a margin for the first
    // word on a busy machine, whose clock starts before the request is sent).
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    double.script({ content: words, chunkDelayMs: 100 });
    const pieces: string[] = [];
    const error = await rejection(
      llm.stream({ messages: hello, timeLimitMs: 700 }, (piece) => pieces.push(piece)),
    );
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model took too long to answer.',
    });
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(20);
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it('rejects with an AbortError when aborted mid-stream', async () => {
    double.script({ content: 'one two three four five six', chunkDelayMs: 100 });
    const controller = new AbortController();
    const pieces: string[] = [];
    const error = await rejection(
      llm.stream({ messages: hello, signal: controller.signal }, (piece) => {
        pieces.push(piece);
        controller.abort();
      }),
    );
    expect(error.name).toBe('AbortError');
    expect(pieces).toHaveLength(1);
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it('is stopped through its handle while the model thinks, before any text', async () => {
    double.script({ content: 'one two three', reasoning: 'Hmm, let me see', stallAfter: 0 });
    const handle: CallHandle = {};
    const pieces: string[] = [];
    const pending = llm.stream({ messages: hello, handle }, (piece) => pieces.push(piece));
    await expect.poll(() => chatRequests()).toHaveLength(1);
    handle.call!.cancel();
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(pieces).toEqual([]);
    expect(handle.call).toBeUndefined();
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it('cancels the upstream request when the consumer fails, with the consumer’s error', async () => {
    double.script({ content: 'one two three four five six', chunkDelayMs: 100 });
    const stop = new Error('the reader went away');
    const error = await rejection(
      llm.stream({ messages: hello }, (piece) => {
        expect(piece).toBe('one ');
        throw stop;
      }),
    );
    expect(error).toBe(stop);
    // The provider sees the connection closed before its answer ended.
    await expect.poll(() => chatRequests()[0]?.closedEarly).toBe(true);
  });

  it('reuses the connection to the provider for the next answer', async () => {
    // The body's end arrives after [DONE], as it may from a provider or a proxy.
    double.script({ content: 'First answer, in a few words.', endDelayMs: 50 });
    await collect(llm, { messages: hello });
    // Once that body has ended, its connection is free for the next request. After the wait, a
    // turn of the event loop's poll phase (before setImmediate's): a stalled loop fires the
    // stand-in's end and this timer together, and the client reads that end only then.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await new Promise((resolve) => setImmediate(resolve));
    double.script({ content: 'Second answer, in a few words.' });
    await collect(llm, { messages: hello });
    const [first, second] = chatRequests();
    expect(second!.remotePort).toBe(first!.remotePort);
  });
});

describe('LLM gateway: not configured', () => {
  const bare = () => createLlm(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) }));

  it('reports itself unconfigured and answers every call with 503', async () => {
    const none = bare();
    expect(none.configured).toBe(false);
    expect(none.models).toEqual([]);
    expect(none.defaultModel).toBeUndefined();
    expect(none.isAllowedModel('big-405b')).toBe(false);
    const expected = { failure: 'not-configured', message: 'No language model is configured' };
    expect(await rejection(none.complete({ messages: hello }))).toMatchObject(expected);
    expect(await rejection(collect(none, { messages: hello }))).toMatchObject(expected);
  });
});

describe('completeJson', () => {
  const Mood = z.object({ mood: z.string(), intensity: z.number() });
  const request = {
    messages: hello,
    jsonSchema: { name: 'mood', schema: z.toJSONSchema(Mood) as Record<string, unknown> },
  };

  it('returns validated JSON', async () => {
    double.script({ content: '{"mood":"calm","intensity":3}' });
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'calm', intensity: 3 });
    expect(chatRequests()[0]!.body.response_format.json_schema.name).toBe('mood');
  });

  it('accepts fenced JSON with prose around it and a trailing comma', async () => {
    double.script({
      content:
        'Sure! Here is the JSON you asked for:\n```json\n{\n  "mood": "wistful",\n' +
        '  "intensity": 7,\n}\n```\nLet me know if you need anything else.',
    });
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'wistful', intensity: 7 });
  });

  it('retries once with a correction after a broken answer', async () => {
    double.script(
      { content: '{"mood": "calm", "intensity": ' },
      { content: '{"mood":"calm","intensity":2}' },
    );
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'calm', intensity: 2 });
    const sent = chatRequests();
    expect(sent).toHaveLength(2);
    const retry = sent[1]!.body.messages as { role: string; content: string }[];
    expect(retry.slice(0, 1)).toEqual(hello);
    expect(retry[1]).toEqual({ role: 'assistant', content: '{"mood": "calm", "intensity": ' });
    expect(retry[2]!.role).toBe('user');
    expect(retry[2]!.content).toMatch(/^That was not valid JSON for the schema: .+/);
    expect(retry[2]!.content).toMatch(/Answer again with only the JSON\.$/);
  });

  it('names the schema violation in the correction', async () => {
    double.script({ content: '{"mood":"calm"}' }, { content: '{"mood":"calm","intensity":1}' });
    await completeJson(llm, request, Mood);
    expect(chatRequests()[1]!.body.messages[2].content).toContain('intensity');
  });

  it('gives up with a 502 after the retry is broken too', async () => {
    double.script({ content: 'I would rather not.' }, { content: '{"mood": 5}' });
    const error = await rejection(completeJson(llm, request, Mood));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The model returned an invalid answer. Please try again.',
    });
    expect(chatRequests()).toHaveLength(2);
  });

  it('passes upstream errors through without retrying', async () => {
    double.script({ status: 500 });
    const error = await rejection(completeJson(llm, request, Mood));
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model did not answer. Please try again.',
    });
    expect(chatRequests()).toHaveLength(1);
  });
});

describe('parseJsonLoosely', () => {
  it('reads plain, fenced, wrapped and comma-trailing JSON', () => {
    expect(parseJsonLoosely(' {"a":1} ')).toEqual({ a: 1 });
    expect(parseJsonLoosely('```\n[1, 2, 3,]\n```')).toEqual([1, 2, 3]);
    expect(parseJsonLoosely('Result: {"a": {"b": [1,]},} — done.')).toEqual({ a: { b: [1] } });
    expect(parseJsonLoosely('Note {this} first. {"text": "a, } b"}')).toEqual({ text: 'a, } b' });
  });

  it('throws a SyntaxError when there is no JSON', () => {
    expect(() => parseJsonLoosely('no json here')).toThrow(SyntaxError);
    expect(() => parseJsonLoosely('{"unterminated": ')).toThrow(SyntaxError);
  });
});

describe('image generator', () => {
  it('returns the bytes of a b64_json answer and sends the request fields', async () => {
    const bytes = Buffer.from('not really a png, but bytes all the same');
    double.script({ image: bytes });
    const images = createImageGenerator(config);
    expect(images.configured).toBe(true);
    expect((await images.generate('a lighthouse at dusk')).equals(bytes)).toBe(true);
    const [request] = double.requests.filter((r) => r.path === '/v1/images/generations');
    expect(request!.body).toMatchObject({
      model: 'pixel-xl',
      prompt: 'a lighthouse at dusk',
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
    });
  });

  it('downloads the image when the answer carries a url', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255, 0]);
    double.script({ imageUrl: double.serveFile('avatar.png', bytes) });
    const result = await createImageGenerator(config).generate('a fox', { size: '512x512' });
    expect(result.equals(bytes)).toBe(true);
    expect(double.requests.at(-1)!.path).toBe('/files/avatar.png');
  });

  it('turns a failed generation or download into a 502', async () => {
    const images = createImageGenerator(config);
    double.script({ status: 400 }, { imageUrl: `${double.origin}/files/missing.png` });
    expect(await rejection(images.generate('x'))).toMatchObject({ failure: 'upstream' });
    expect(await rejection(images.generate('x'))).toMatchObject({ failure: 'upstream' });
  });

  it('answers 503 when not configured', async () => {
    const images = createImageGenerator({ ...config, image: undefined });
    expect(images.configured).toBe(false);
    const error = await rejection(images.generate('a fox'));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({
      failure: 'not-configured',
      message: 'Avatar generation is not configured',
    });
  });
});
