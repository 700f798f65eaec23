import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeJson, parseJsonLoosely } from '../../src/server/integrations/llm/json';
import type {
  Completion,
  CompletionRequest,
  LlmGateway,
} from '../../src/server/integrations/llm/llm';

const mira = { name: 'Mira', age: 27, tags: ['kind', 'shy'], ok: true, note: null };
const json = JSON.stringify(mira);

describe('parseJsonLoosely (the span is ours, the repair is jsonrepair)', () => {
  // Shapes models send when they ignore response_format (docs/library-study.md, JSON repair).
  it.each([
    ['fenced', '```json\n' + json + '\n```'],
    [
      'fenced with prose',
      'Sure! Here it is:\n\n```json\n' + JSON.stringify(mira, null, 2) + '\n```\nBye!',
    ],
    ['prose before', 'Here you go: ' + json],
    ['prose after', json + '\n\nI hope this helps.'],
    [
      'single quotes',
      "{'name': 'Mira', 'age': 27, 'tags': ['kind', 'shy'], 'ok': true, 'note': null}",
    ],
    ['unquoted keys', '{name: "Mira", age: 27, tags: ["kind", "shy"], ok: true, note: null}'],
    [
      'Python literals',
      '{"name": "Mira", "age": 27, "tags": ["kind", "shy"], "ok": True, "note": None}',
    ],
    [
      'a // comment',
      '{"name": "Mira", // her name\n "age": 27, "tags": ["kind", "shy"], "ok": true, "note": null}',
    ],
    [
      'curly quotes',
      '{\u201cname\u201d: \u201cMira\u201d, \u201cage\u201d: 27, \u201ctags\u201d: [\u201ckind\u201d, \u201cshy\u201d], \u201cok\u201d: true, \u201cnote\u201d: null}',
    ],
    [
      'missing commas',
      '{"name": "Mira" "age": 27, "tags": ["kind" "shy"], "ok": true, "note": null}',
    ],
    [
      'a trailing comma',
      '{"name": "Mira",\n"age": 27,\n"tags": ["kind", "shy"],\n"ok": true,\n"note": null,\n}',
    ],
    ['a <think> prefix with braces', '<think>maybe {a}</think>\n' + json],
  ])('reads %s', (_shape, text) => {
    expect(parseJsonLoosely(text)).toEqual(mira);
  });

  it('keeps raw newlines inside strings', () => {
    expect(parseJsonLoosely('{"text": "line one\nline two"}')).toEqual({
      text: 'line one\nline two',
    });
  });

  it('never answers an inner array of an object it cannot read', () => {
    // Cut off before its last brace: refused (a retry), not read as ["kind", "shy"] or completed.
    expect(() =>
      parseJsonLoosely(
        '{"name": "Mira", "age": 27, "tags": ["kind", "shy"], "ok": true, "note": null',
      ),
    ).toThrow(SyntaxError);
  });

  it('refuses JSON cut off in the middle rather than completing it', () => {
    for (const text of ['{"a": [1, 2', '{"a": "cut str', '```json\n{"a": 1, "b"\n```', '[1, 2, ']) {
      expect(() => parseJsonLoosely(text), text).toThrow(SyntaxError);
    }
  });

  it('does not take prose for JSON', () => {
    expect(() => parseJsonLoosely('I would rather not. {this} is {not json}')).toThrow(SyntaxError);
  });
});

describe('completeJson', () => {
  const Mood = z.object({ mood: z.string(), intensity: z.number() });
  const request = {
    messages: [{ role: 'user' as const, content: 'hi' }],
    jsonSchema: { name: 'mood', schema: {} },
  };

  function gateway(answers: Partial<Completion>[]): LlmGateway & { sent: CompletionRequest[] } {
    const sent: CompletionRequest[] = [];
    return {
      sent,
      configured: true,
      models: ['m'],
      defaultModel: 'm',
      isAllowedModel: () => true,
      async complete(req) {
        sent.push(req);
        return {
          content: '',
          model: 'm',
          finishReason: 'stop',
          usage: null,
          ...answers[sent.length - 1],
        } as Completion;
      },
      stream: () => Promise.reject(new Error('not used')),
    };
  }

  it('refuses an answer cut off by the length limit before repairing it, and asks again', async () => {
    // jsonrepair alone would turn this into {"mood":"calm","intensity":4}, a value never meant.
    const llm = gateway([
      { content: '{"mood": "calm", "intensity": 4', finishReason: 'length' },
      { content: '{"mood": "calm", "intensity": 2}' },
    ]);
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'calm', intensity: 2 });
    expect(llm.sent).toHaveLength(2);
    expect(llm.sent[1]!.messages[2]!.content).toMatch(/cut off by the length limit/);
  });

  it('repairs a sloppy answer without a second call', async () => {
    const llm = gateway([{ content: "Sure: {mood: 'calm', intensity: 3,} Anything else?" }]);
    expect(await completeJson(llm, request, Mood)).toEqual({ mood: 'calm', intensity: 3 });
    expect(llm.sent).toHaveLength(1);
  });
});
