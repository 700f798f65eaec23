import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/server/config';
import {
  completeJson,
  createLlm,
  type ChatMessage,
  type CompletionRequest,
  type LlmGateway,
} from '../../src/server/integrations/llm';
import { MODEL_SETTINGS, replySettings } from '../../src/server/prompts/model-settings';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';

/**
 * Issue 46 parts 5 and 7: what the gateway sends every OpenAI-compatible server (sampling, limits,
 * stops, turns a strict template takes) and what of the answer reaches the user (no thinking,
 * nothing past a stop), checked on the request bodies the LLM double records.
 */

let double: LlmDouble;
let dataDir: string;

beforeAll(async () => {
  double = await startLlmDouble();
  dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-llm-serving-'));
});
afterAll(async () => {
  await double.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => double.reset());

/** A gateway on the double with these LLM_* settings (a fresh one: nothing learnt yet). */
function gateway(env: Record<string, string> = {}): LlmGateway {
  return createLlm(
    loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-to-be-valid-0123456789',
      LLM_BASE_URL: double.url,
      LLM_MODELS: 'big-405b,rp-70b,small-8b',
      LLM_TIMEOUT_MS: '2000',
      ...env,
    }),
  );
}

const sentBodies = () =>
  double.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body);
const lastBody = () => sentBodies().at(-1);

/** Streams a completion, collecting the pieces the user would see. */
async function collect(llm: LlmGateway, request: CompletionRequest) {
  const pieces: string[] = [];
  const completion = await llm.stream(request, (piece) => pieces.push(piece));
  return { pieces, completion };
}

const system = (content: string): ChatMessage => ({ role: 'system', content });
const user = (content: string): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });
const chat = [system('You are Mira.'), user('Hello?')];

describe('sampling and limits', () => {
  it('sends a reply explicit sampling and a length fitting its mode', async () => {
    const llm = gateway();
    const limits: Record<string, number> = {};
    for (const mode of ['texting', 'message', 'assistant', 'immersive'] as const) {
      await collect(llm, { messages: chat, ...replySettings(mode) });
      const body = lastBody();
      expect(body).toMatchObject({
        temperature: expect.any(Number),
        top_p: expect.any(Number),
        frequency_penalty: expect.any(Number),
        presence_penalty: expect.any(Number),
      });
      expect(body.max_completion_tokens).toBeUndefined();
      limits[mode] = body.max_tokens;
    }
    // Short texts are capped well below Story Mode's paragraphs.
    expect(limits.texting).toBeLessThan(limits.immersive!);
    expect(limits.immersive).toBeLessThanOrEqual(limits.assistant!);
  });

  it('gives story options and character generation their own limits', async () => {
    const llm = gateway();
    await llm.complete({ messages: chat, ...MODEL_SETTINGS.storyOptions });
    await llm.complete({ messages: chat, ...MODEL_SETTINGS.character });
    const [options, character] = sentBodies();
    expect(options.max_tokens).toBeGreaterThan(0);
    expect(character.max_tokens).toBeGreaterThan(options.max_tokens);
  });

  it('replaces a creative call’s sampling with the operator’s for that model', async () => {
    const llm = gateway({
      LLM_SAMPLING: JSON.stringify({
        '*': { top_p: 0.9 },
        'rp-70b': { temperature: 1.1, min_p: 0.05 },
      }),
    });
    await collect(llm, { messages: chat, model: 'rp-70b', ...replySettings('message') });
    expect(lastBody()).toMatchObject({ temperature: 1.1, top_p: 0.9, min_p: 0.05 });

    await collect(llm, { messages: chat, model: 'big-405b', ...replySettings('message') });
    expect(lastBody()).toMatchObject({ top_p: 0.9, temperature: 0.9 });
    expect(lastBody().min_p).toBeUndefined();

    // A review stays deterministic whatever the operator likes for replies.
    await llm.complete({ messages: chat, model: 'rp-70b', ...MODEL_SETTINGS.ageReview });
    expect(lastBody()).toMatchObject({ temperature: 0, max_tokens: 200 });
    expect(lastBody().top_p).toBeUndefined();
  });

  it('sends a reasoning model max_completion_tokens and none of the app’s sampling', async () => {
    const llm = gateway({ LLM_REASONING_MODELS: 'small-8b', LLM_REASONING_TOKENS: '2000' });
    await collect(llm, {
      messages: chat,
      model: 'small-8b',
      ...replySettings('texting'),
      stop: ['\nJo:'],
    });
    const body = lastBody();
    expect(body.max_completion_tokens).toBe(replySettings('texting').maxTokens! + 2000);
    for (const field of [
      'max_tokens',
      'temperature',
      'top_p',
      'frequency_penalty',
      'presence_penalty',
      // Its stop would end its thinking too: the answer is cut locally instead.
      'stop',
    ]) {
      expect(body[field], field).toBeUndefined();
    }
  });
});

describe('stop sequences', () => {
  it('sends at most four stops and cuts an answer that goes on past one', async () => {
    const llm = gateway();
    double.script({ content: 'I missed you.\nJo: Me too!\nMira: Good.' });
    const completion = await llm.complete({
      messages: chat,
      stop: ['\nJo:', '\nJo :', '\nJO:', '\n Jo:', '\nJo said'],
    });
    expect(lastBody().stop).toEqual(['\nJo:', '\nJo :', '\nJO:', '\n Jo:']);
    expect(completion).toMatchObject({ content: 'I missed you.', finishReason: 'stop' });
  });

  it('never shows a stop split across chunks, and ends the stream at it', async () => {
    const llm = gateway();
    double.script({
      content: '',
      chunks: ['She smiles', '.\n', 'J', 'o', ': Tell me', ' more', ' and more'],
      chunkDelayMs: 20,
    });
    const { pieces, completion } = await collect(llm, { messages: chat, stop: ['\nJo:'] });
    expect(pieces.join('')).toBe('She smiles.');
    // Not one piece carried the start of the stop before it was known to be one.
    expect(pieces.some((piece) => piece.includes('\n'))).toBe(false);
    expect(completion).toMatchObject({ content: 'She smiles.', finishReason: 'stop' });
    // The rest was not read: the upstream request was closed.
    await expect.poll(() => double.requests.at(-1)?.closedEarly).toBe(true);
  });

  it('shows text that only looked like the start of a stop', async () => {
    const llm = gateway();
    double.script({ content: '', chunks: ['Yes.\n', 'Jog with me?\n', 'J'] });
    const { pieces, completion } = await collect(llm, { messages: chat, stop: ['\nJo:'] });
    expect(pieces.join('')).toBe('Yes.\nJog with me?\nJ');
    expect(completion.content).toBe('Yes.\nJog with me?\nJ');
  });
});

describe('thinking is never shown or stored', () => {
  it('drops a think block split across chunks', async () => {
    const llm = gateway();
    double.script({
      content: '',
      chunks: ['<thi', 'nk>The user', ' greets me. I should</th', 'ink>\n\n', '*waves* Hi!'],
    });
    const { pieces, completion } = await collect(llm, { messages: chat });
    expect(pieces.join('')).toBe('*waves* Hi!');
    expect(completion.content).toBe('*waves* Hi!');
  });

  it('drops the thinking of a reasoning model whose server opened the block in the prompt', async () => {
    const llm = gateway({ LLM_REASONING_MODELS: 'small-8b' });
    double.script({
      content: '',
      chunks: ['The user greets me.', ' Be warm.</th', 'ink>\n\n', '*waves* Hi!'],
    });
    const { pieces, completion } = await collect(llm, { messages: chat, model: 'small-8b' });
    expect(pieces.join('')).toBe('*waves* Hi!');
    expect(completion.content).toBe('*waves* Hi!');
    // Another model's answer is its own words, closing tag or not.
    double.script({ content: 'Plain answer.' });
    expect((await llm.complete({ messages: chat, model: 'big-405b' })).content).toBe(
      'Plain answer.',
    );
  });

  it('fails as an empty answer when the thinking never ends', async () => {
    const llm = gateway();
    double.script({ content: '', chunks: ['<think>', 'Hmm, let me', ' think about'] });
    const pieces: string[] = [];
    const error = await llm.stream({ messages: chat }, (p) => pieces.push(p)).catch((e) => e);
    expect(error).toMatchObject({
      failure: 'upstream',
      message: 'The language model returned an empty answer. Please try again.',
    });
    expect(pieces).toEqual([]);
  });

  it('drops thinking from a whole answer and from reasoning_content', async () => {
    const llm = gateway();
    double.script(
      { content: '<think>\nPlan: be warm.\n</think>\n\nWelcome back.' },
      { content: 'Welcome back.', reasoning: 'The user returns; be warm.' },
      { content: 'Welcome back.', reasoning: 'The user returns; be warm.' },
    );
    expect((await llm.complete({ messages: chat })).content).toBe('Welcome back.');
    expect((await llm.complete({ messages: chat })).content).toBe('Welcome back.');
    const { pieces, completion } = await collect(llm, { messages: chat });
    expect(pieces.join('')).toBe('Welcome back.');
    expect(completion.content).toBe('Welcome back.');
  });

  it('reads JSON after a think block', async () => {
    const llm = gateway();
    double.script({ content: '<think>Four options.</think>{"mood":"calm"}' });
    const mood = await completeJson(
      llm,
      { messages: chat, jsonSchema: { name: 'mood', schema: { type: 'object' } } },
      z.object({ mood: z.string() }),
    );
    expect(mood).toEqual({ mood: 'calm' });
  });
});

describe('turns every server takes', () => {
  it('joins turns of the same role and opens the history with a user turn', async () => {
    const llm = gateway();
    await collect(llm, {
      messages: [
        system('You are Mira.'),
        system('Mira remembers: Jo likes jazz.'),
        assistant('*Mira waves from the hangar.*'),
        user('Hi!'),
        user('Are you there?'),
        assistant('Always.'),
        user(''),
        user('Good.'),
      ],
    });
    const turns = lastBody().messages as ChatMessage[];
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(turns[0]!.content).toBe('You are Mira.\n\nMira remembers: Jo likes jazz.');
    expect(turns[1]!.content).toMatch(/start/i);
    expect(turns[3]!.content).toBe('Hi!\n\nAre you there?');
    expect(turns[5]!.content).toBe('Good.');
  });

  it('folds system text into the user turns with LLM_SYSTEM_ROLE=merge', async () => {
    const llm = gateway({ LLM_SYSTEM_ROLE: 'merge' });
    await collect(llm, {
      messages: [
        system('You are Mira.'),
        user('Hi!'),
        assistant('Hello.'),
        system('Stay in character.'),
        user('How are you?'),
      ],
    });
    expect(lastBody().messages).toEqual([
      { role: 'user', content: 'You are Mira.\n\nHi!' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Stay in character.\n\nHow are you?' },
    ]);
  });

  it('tries again with the system text merged when a server refuses system messages', async () => {
    const llm = gateway();
    double.refuse({ systemMessages: true });
    double.script({ content: 'Hi.' }, { content: 'Hi again.' });
    expect((await collect(llm, { messages: chat })).completion.content).toBe('Hi.');
    const [refused, merged] = sentBodies();
    expect(refused.messages[0].role).toBe('system');
    expect(merged.messages).toEqual([{ role: 'user', content: 'You are Mira.\n\nHello?' }]);
    // Remembered: the next call goes straight without.
    await collect(llm, { messages: chat });
    expect(sentBodies()).toHaveLength(3);
    expect(lastBody().messages[0].role).toBe('user');
  });
});

describe('usage reports (what a call cost)', () => {
  it('asks a stream for its usage and reads the last chunk’s report', async () => {
    const llm = gateway();
    double.script({ content: 'Hi there.', usage: { prompt_tokens: 321, completion_tokens: 7 } });
    const { completion } = await collect(llm, { messages: chat });
    expect(lastBody().stream_options).toEqual({ include_usage: true });
    expect(completion.usage).toEqual({ inputTokens: 321, outputTokens: 7 });
  });

  it('has none when the server sends none, and asks once more without it after a 400', async () => {
    const llm = gateway();
    double.script({ content: 'Hi.', usage: null });
    expect((await collect(llm, { messages: chat })).completion.usage).toBeNull();

    // A server (a new process's first call to it) that refuses the parameter.
    const strict = gateway();
    double.refuse({ streamOptions: true });
    double.script({ content: 'Hi.' }, { content: 'Hi again.' });
    const { completion } = await collect(strict, { messages: [user('Hello?')] });
    expect(completion.content).toBe('Hi.');
    expect(completion.usage).toBeNull();
    const [, refused, retried] = sentBodies();
    expect(refused.stream_options).toEqual({ include_usage: true });
    expect(retried.stream_options).toBeUndefined();
    // Remembered: the next call goes straight without.
    await collect(strict, { messages: [user('Hello?')] });
    expect(sentBodies()).toHaveLength(4);
    expect(lastBody().stream_options).toBeUndefined();
  });
});

describe('structured answers from servers without json_schema', () => {
  const Mood = z.object({ mood: z.string() });
  const request = {
    messages: chat,
    jsonSchema: { name: 'mood', schema: z.toJSONSchema(Mood) as Record<string, unknown> },
  };

  it('asks once more without response_format, reads the answer tolerantly, and remembers', async () => {
    const llm = gateway();
    double.refuse({ jsonSchema: true });
    double.script(
      { content: 'Sure! ```json\n{"mood": "calm",}\n```' },
      { content: '{"mood":"shy"}' },
    );
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'calm' });
    const [refused, retried] = sentBodies();
    expect(refused.response_format.type).toBe('json_schema');
    expect(retried.response_format).toBeUndefined();
    // The schema is asked for in words instead.
    expect(JSON.stringify(retried.messages.at(-1))).toContain('JSON Schema');
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'shy' });
    expect(sentBodies()).toHaveLength(3);
    expect(lastBody().response_format).toBeUndefined();
  });

  it('keeps json_schema for a model that takes it, and fails plainly on other 400s', async () => {
    const llm = gateway();
    const alone = { ...request, messages: [user('How do you feel?')], model: 'rp-70b' };
    double.script({ status: 400 }, { status: 400 });
    const error = await llm.complete(alone).catch((e) => e);
    expect(error).toMatchObject({ failure: 'upstream' });
    // Asked without json_schema once; that failing too, nothing was learnt.
    expect(sentBodies()).toHaveLength(2);
    double.script({ content: '{"mood":"calm"}' });
    await completeJson(llm, alone, Mood);
    expect(lastBody().response_format.type).toBe('json_schema');
  });
});

describe('Continue: a prefill, or a nudge where prefills are refused', () => {
  const partial = [...chat, assistant('Shall I compare thee')];
  const nudged = (messages: ChatMessage[]) => {
    expect(messages.at(-2)).toEqual({ role: 'assistant', content: 'Shall I compare thee' });
    expect(messages.at(-1)!.content).toBe(
      'Continue your last message from exactly where it stopped, in the same voice. ' +
        'Do not repeat any of it.',
    );
  };

  it('sends the partial reply as the last, assistant, turn', async () => {
    const llm = gateway();
    await collect(llm, { messages: partial });
    expect(lastBody().messages.at(-1)).toEqual({
      role: 'assistant',
      content: 'Shall I compare thee',
    });
  });

  it('nudges instead with LLM_PREFILL=off', async () => {
    const llm = gateway({ LLM_PREFILL: 'off' });
    await collect(llm, { messages: partial });
    nudged(lastBody().messages);
    expect(lastBody().messages.at(-1).role).toBe('system');
  });

  it('nudges after a server refused the prefill, from then on', async () => {
    const llm = gateway();
    double.refuse({ prefill: true });
    double.script({ content: ' to a summer’s day?' });
    const { completion } = await collect(llm, { messages: partial });
    expect(completion.content).toBe(' to a summer’s day?');
    const [refused, retried] = sentBodies();
    expect(refused.messages.at(-1).role).toBe('assistant');
    nudged(retried.messages);
    await collect(llm, { messages: partial });
    expect(sentBodies()).toHaveLength(3);
    nudged(lastBody().messages);
  });

  it('sends the nudge as user text where system messages are merged', async () => {
    const llm = gateway({ LLM_PREFILL: 'off', LLM_SYSTEM_ROLE: 'merge' });
    await collect(llm, { messages: partial });
    const turns = lastBody().messages as ChatMessage[];
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
    nudged(turns);
  });
});
