import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * GET /metrics (issue 44 item 6): off unless METRICS_TOKEN is set, then only with the bearer
 * token; Prometheus text with the process's default metrics and Reverie's reverie_* ones.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let bare: TestApp;
let llm: LlmDouble;
let user: TestClient;
let characterId: number;

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  [t, bare] = await Promise.all([
    startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b,rp-70b', METRICS_TOKEN: TOKEN }),
    startTestApp(),
  ]);
  user = await t.signedInUser('metered@example.com');
  await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
  characterId = (
    await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently.',
    })
  ).json.id;
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await llm.stop();
});

const scrape = async (app = t, authorization: string | null = `Bearer ${TOKEN}`) => {
  const res = await fetch(`${app.url}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one series in Prometheus text ('name{labels} value'), 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Sends a message and reads its streamed reply to the end. */
async function streamedReply(conversationId: number, message: string) {
  const res = await fetch(`${t.url}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      cookie: user.cookieHeader,
      origin: t.url,
    },
    body: JSON.stringify({ message, conversationId }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, nor without the right bearer token', async () => {
    for (const [app, authorization] of [
      [bare, null],
      [bare, `Bearer ${TOKEN}`],
      [t, null],
      [t, 'Bearer wrong-token-0123456789abcdef'],
      [t, TOKEN],
    ] as const) {
      const res = await scrape(app, authorization);
      expect(res.status, `${app === bare ? 'bare' : 'metered'} ${authorization}`).toBe(404);
      expect(JSON.parse(res.text)).toEqual({ message: 'Not found' });
    }
  });

  it('serves the Prometheus text: process metrics and reverie_* ones', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'reverie_event_loop_lag_seconds',
      'reverie_active_streams',
      'reverie_http_requests_total',
      'reverie_http_request_duration_seconds',
      'reverie_llm_time_to_first_token_seconds',
      'reverie_llm_tokens_per_second',
      'reverie_llm_errors_total',
      'reverie_llm_tokens_total',
      'reverie_replies_total',
      'reverie_credits_charged_total',
      'reverie_credits_refunded_total',
      'reverie_job_queue_depth',
    ]) {
      expect(res.text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests by route pattern, never by path', async () => {
    const conversationId = (
      await user.post('/api/conversations', { characterId, chatMode: 'texting' })
    ).json.id as number;
    await user.get(`/api/conversations/${conversationId}`);
    await user.get('/api/conversations/999999');
    const { text } = await scrape();
    expect(
      valueOf(
        text,
        'reverie_http_requests_total{method="GET",route="/api/conversations/:id",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'reverie_http_requests_total{method="GET",route="/api/conversations/:id",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/conversations/${conversationId}"`);
    // No route label holds an id.
    expect(text).not.toMatch(/route="[^"]*\d/);
  });

  it('counts replies, credits, time to first token and model failures', async () => {
    const conversationId = (
      await user.post('/api/conversations', { characterId, chatMode: 'assistant' })
    ).json.id as number;
    const before = await scrape();
    llm.script({ content: 'A reply in several words for the stream.' });
    const ok = await streamedReply(conversationId, 'Hello there');
    expect(ok).toContain('event: done');
    llm.script({ status: 500, body: '{"error":"boom"}' });
    const failed = await streamedReply(conversationId, 'And again');
    expect(failed).toContain('event: error');

    const after = await scrape();
    const grew = (series: string) => valueOf(after.text, series) - valueOf(before.text, series);
    expect(grew('reverie_replies_total{outcome="done"}')).toBe(1);
    expect(grew('reverie_replies_total{outcome="failed"}')).toBe(1);
    expect(grew('reverie_credits_charged_total')).toBe(2);
    expect(grew('reverie_credits_refunded_total')).toBe(1);
    expect(grew('reverie_llm_errors_total{kind="upstream"}')).toBe(1);
    expect(grew('reverie_llm_time_to_first_token_seconds_count{model="big-405b"}')).toBe(1);
    expect(grew('reverie_llm_tokens_per_second_count{model="big-405b"}')).toBe(1);
    // The reply's tokens as the provider reported them: 8 pieces out, the prompt in.
    expect(
      grew('reverie_llm_tokens_total{model="big-405b",direction="output",source="reported"}'),
    ).toBe(8);
    expect(
      grew('reverie_llm_tokens_total{model="big-405b",direction="input",source="reported"}'),
    ).toBeGreaterThan(100);
    // What the user wrote or the model answered never appears.
    expect(after.text).not.toContain('Hello there');
    expect(after.text).not.toContain('several words');
  });
});
