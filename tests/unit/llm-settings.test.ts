import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_REASONING_TOKENS, loadConfig } from '../../src/server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-llm-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'x'.repeat(32),
    LLM_BASE_URL: 'http://127.0.0.1:1/v1',
    LLM_MODELS: 'big-405b,rp-70b',
    ...env,
  });

describe('LLM serving settings', () => {
  it('defaults to no operator sampling, no reasoning models, system kept, prefills on', () => {
    expect(load({}).llm!.serving).toEqual({
      sampling: {},
      reasoningModels: [],
      reasoningTokens: DEFAULT_REASONING_TOKENS,
      systemRole: 'keep',
      prefill: true,
    });
  });

  it('reads per-model sampling, reasoning models and the server switches', () => {
    const serving = load({
      LLM_SAMPLING: '{"*":{"top_p":0.9},"rp-70b":{"temperature":1.1,"min_p":0.05}}',
      LLM_REASONING_MODELS: ' rp-70b ',
      LLM_REASONING_TOKENS: '8000',
      LLM_SYSTEM_ROLE: 'merge',
      LLM_PREFILL: 'off',
    }).llm!.serving!;
    expect(serving).toEqual({
      sampling: { '*': { top_p: 0.9 }, 'rp-70b': { temperature: 1.1, min_p: 0.05 } },
      reasoningModels: ['rp-70b'],
      reasoningTokens: 8000,
      systemRole: 'merge',
      prefill: false,
    });
  });

  it.each([
    ['{"rp-70b":{"temperature":5}}', /LLM_SAMPLING\[rp-70b\]\.temperature: .*2/],
    ['{"rp-70b":{"temprature":1}}', /LLM_SAMPLING\[rp-70b\]: .*temprature/],
    ['{"rp-7b":{"temperature":1}}', /LLM_SAMPLING\[rp-7b\]: not in LLM_MODELS/],
    ['temperature=1', /LLM_SAMPLING: must be a JSON object/],
    ['[1]', /LLM_SAMPLING: must be a JSON object/],
  ])('stops the start with a clear line for LLM_SAMPLING=%s', (value, message) => {
    expect(() => load({ LLM_SAMPLING: value })).toThrow(message);
  });

  it('names a reasoning model or switch value that is not allowed', () => {
    expect(() => load({ LLM_REASONING_MODELS: 'o3' })).toThrow(
      /LLM_REASONING_MODELS: "o3" is not in LLM_MODELS/,
    );
    expect(() => load({ LLM_SYSTEM_ROLE: 'drop' })).toThrow(
      /LLM_SYSTEM_ROLE: must be keep or merge/,
    );
    expect(() => load({ LLM_PREFILL: 'maybe' })).toThrow(/LLM_PREFILL: must be on or off/);
  });
});
