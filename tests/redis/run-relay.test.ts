import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import type { Notice } from '../../src/shared/safety/contract';
import { RUN_START, RunLog, type FinalEvent } from '../../src/server/modules/chat/run-log';
import { ENDED_STREAM_TTL_S, RedisRunRelay } from '../../src/server/modules/chat/run-relay';

/**
 * A reply run's events between servers through Redis Streams (issue 44 item 2): what the writing
 * server tells reaches a reader on another server from the reader's position on, with no gap and
 * nothing twice, also when a server that took the run over tells its saved text again.
 */

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const writer = new RedisRunRelay(new Redis(url));
const takeover = new RedisRunRelay(new Redis(url));
const reader = new RedisRunRelay(new Redis(url));
const probe = new Redis(url);
afterAll(async () => {
  await Promise.all([writer.close(), takeover.close(), reader.close(), probe.quit()]);
});

const notice: Notice = {
  id: 1,
  kind: 'ai-disclosure',
  text: 'Mira is an AI.',
  shownAt: '2026-01-01T00:00:00.000Z',
  afterMessageId: 3,
};
const done: FinalEvent = {
  event: 'done',
  data: { messageId: 9, message: 'Hello world, again.', userMessageId: 3, lore: [] },
};

it('tells a reader on another server what lies past its position, to the end, each piece once', async () => {
  const runId = `test-${randomBytes(6).toString('hex')}`;
  const first = new RunLog();
  first.follow(writer.publisher(runId), RUN_START);
  first.notice(notice);
  first.token('Hello ');
  first.token('world');

  const told: { event: string; text?: string; id: string }[] = [];
  const stop = reader.follow(
    runId,
    {
      notice: (n, id) => told.push({ event: 'notice', text: n.text, id }),
      token: (text, id) => told.push({ event: 'token', text, id }),
      end: (final, id) => told.push({ event: final.event, id }),
    },
    // It saw the notice and 'Hel' before its connection dropped.
    { notices: 1, chars: 3 },
    { ended: async () => null, follow: () => () => undefined },
  );
  await vi.waitFor(() => expect(told.map((t) => t.text).join('')).toBe('lo world'), {
    timeout: 5_000,
  });

  // The writing server dies; another takes the run over from its saved text and goes on.
  const second = new RunLog();
  second.text = 'Hello world';
  second.notices.push({ notice, atChars: 0 });
  second.follow(takeover.publisher(runId), RUN_START);
  second.token(', again.');
  second.end(done);

  await vi.waitFor(() => expect(told.at(-1)?.event).toBe('done'), { timeout: 5_000 });
  expect(told.filter((t) => t.event === 'notice')).toEqual([]);
  expect(told.map((t) => t.text ?? '').join('')).toBe('lo world, again.');
  expect(told.at(-1)).toEqual({ event: 'done', id: '1.19' });
  stop();
  // Its end in the stream, the stream leaves Redis within a minute, not the quarter of an hour
  // a run still being written keeps it (a later reader reads the stored run).
  const ttl = await probe.ttl(`reverie:run:${runId}`);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(ENDED_STREAM_TTL_S);
  // What a server taking the run over would go on from: all that was told, once.
  expect(await reader.told(runId)).toEqual({
    text: 'Hello world, again.',
    notices: [{ notice, atChars: 0 }],
  });
});

it('ends a reader with the stored end when the stream has none (nobody took the run over)', async () => {
  const runId = `test-${randomBytes(6).toString('hex')}`;
  const cutOff: FinalEvent = { event: 'error', data: { status: 502, message: 'Cut off.' } };
  const ends: FinalEvent[] = [];
  reader.follow(
    runId,
    { notice: () => undefined, token: () => undefined, end: (final) => ends.push(final) },
    RUN_START,
    { ended: async () => ({ final: cutOff, id: '0.0' }), follow: () => () => undefined },
  );
  // Asked after the stream was silent for five seconds.
  await vi.waitFor(() => expect(ends).toEqual([cutOff]), { timeout: 10_000 });
}, 15_000);
