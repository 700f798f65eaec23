import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/errors';
import { LlmError } from '../../src/server/integrations/llm';
import { toHttpError } from '../../src/server/plugins/errors';

describe('toHttpError', () => {
  it('answers each way a model call fails with its status and the safe message', () => {
    expect(
      toHttpError(new LlmError('not-configured', 'No language model is configured')),
    ).toMatchObject({ statusCode: 503, message: 'No language model is configured' });
    expect(toHttpError(new LlmError('unknown-model', 'Unknown model'))).toMatchObject({
      statusCode: 400,
      message: 'Unknown model',
    });
    const upstream = new LlmError('upstream', 'The language model did not answer.', 'status 500');
    expect(toHttpError(upstream)).toMatchObject({
      statusCode: 502,
      message: 'The language model did not answer.',
    });
  });

  it('passes our own errors on and knows nothing of the rest', () => {
    const own = new HttpError(409, 'Taken');
    expect(toHttpError(own)).toBe(own);
    expect(toHttpError(new Error('database exploded'))).toBeNull();
  });
});
