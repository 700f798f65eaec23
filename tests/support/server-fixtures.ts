/**
 * vitest fixtures for the server tests, in place of the beforeAll/afterAll header each file
 * used to copy (start the stand-in model, start the test app, sign a user in, close them all).
 * Each is file-scoped: made once for the file when a test or hook first asks for it, closed
 * when the file is done.
 *
 *   const test = appTest({ LLM_MODELS: 'big-405b' });           // t, user
 *   const test = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url })); // llm, t, user
 *   const test = smtpAppTest((smtp) => ({ SMTP_URL: smtp.url }));  // smtp, t, user
 *   test('…', async ({ t, user }) => { … });
 */
import { test as base } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { startSmtpCatcher } from '../doubles/smtp-server';
import type { TestClient } from '../server/support/http-client';
import { startTestApp, type TestApp, type TestAppOptions } from '../server/support/test-app';

// vitest reads a fixture's dependencies from its first parameter, which must be a destructuring
// pattern: `{}` is how a fixture says it has none.
/* eslint-disable no-empty-pattern */

/** The stand-in OpenAI-compatible model (tests/doubles/llm-server), one per file. */
export const llmTest = base.extend('llm', { scope: 'file' }, async ({}, { onCleanup }) => {
  const llm = await startLlmDouble();
  onCleanup(() => llm.stop());
  return llm;
});

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** A local SMTP server that keeps every message (tests/doubles/smtp-server), one per file. */
export const smtpTest = base.extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
  const smtp = await startSmtpCatcher();
  onCleanup(() => smtp.stop());
  return smtp;
});

async function started(
  env: Record<string, string>,
  options: TestAppOptions,
  onCleanup: (fn: () => Promise<void>) => void,
): Promise<TestApp> {
  const t = await startTestApp(env, options);
  onCleanup(() => t.close());
  return t;
}

/** A test app of the file's own (`t`) and a signed-in user on it (`user`). */
export function appTest(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  return base
    .extend('t', { scope: 'file' }, ({}, { onCleanup }) => started(env, options, onCleanup))
    .extend('user', { scope: 'file' }, ({ t }): Promise<TestClient> => t.signedInUser());
}

/** As appTest, with the stand-in model (`llm`) started first, for the app's settings. */
export function llmAppTest(
  env: (llm: LlmDouble) => Record<string, string>,
  options: TestAppOptions = {},
) {
  return llmTest
    .extend('t', { scope: 'file' }, ({ llm }, { onCleanup }) =>
      started(env(llm), options, onCleanup),
    )
    .extend('user', { scope: 'file' }, ({ t }): Promise<TestClient> => t.signedInUser());
}

/** As appTest, with the SMTP catcher (`smtp`) started first, for the app's settings. */
export function smtpAppTest(
  env: (smtp: SmtpCatcher) => Record<string, string>,
  options: TestAppOptions = {},
) {
  return smtpTest
    .extend('t', { scope: 'file' }, ({ smtp }, { onCleanup }) =>
      started(env(smtp), options, onCleanup),
    )
    .extend('user', { scope: 'file' }, ({ t }): Promise<TestClient> => t.signedInUser());
}
