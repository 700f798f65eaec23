import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/api';
import { streamReply } from '../../src/web/features/chat/stream-reply';
import { eventStream, json, startApiDouble } from './api-double';

/**
 * A message sent while its server stops (a release): the server refuses it with 503 and
 * Retry-After before storing or charging anything, and the web app sends it again, so the
 * user sees the reply a moment later instead of an error.
 */

let apiDouble: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  apiDouble = await startApiDouble();
});
afterAll(() => apiDouble.close());
beforeEach(() => apiDouble.reset());

const DRAINING = 'This server is restarting. Please send your message again in a moment.';
const body = { message: 'Hello', conversationId: 7 };
const sends = () => apiDouble.requests.filter((r) => r.path === '/api/chat');

/** Answers the first `refusals` sends as a stopping server would, then streams a reply. */
function serve(refusals: number, retryAfter: string | null = '0') {
  apiDouble.on('POST /api/chat', (_req, _body, res) => {
    if (sends().length <= refusals) {
      res.writeHead(503, {
        'content-type': 'application/json',
        ...(retryAfter === null ? {} : { 'retry-after': retryAfter }),
      });
      res.end(JSON.stringify({ message: DRAINING }));
      return;
    }
    const events = eventStream(res);
    events.send('accepted', { userMessageId: 1 });
    events.send('token', { text: 'Hi there' });
    events.send('done', { messageId: 2, message: 'Hi there', userMessageId: 1 });
    events.end();
  });
}

describe('a message refused by a stopping server', () => {
  it('is sent again after Retry-After, and the reply streams as usual', async () => {
    serve(1);
    const tokens: string[] = [];
    const result = await streamReply('/api/chat', body, { onToken: (t) => tokens.push(t) });
    expect(result).toMatchObject({ messageId: 2, message: 'Hi there' });
    expect(tokens).toEqual(['Hi there']);
    expect(sends()).toHaveLength(2);
    expect(sends()[1]!.body).toEqual(body);
  });

  it('is told to the user when the servers keep refusing it', async () => {
    serve(10);
    await expect(streamReply('/api/chat', body, { onToken: () => {} })).rejects.toEqual(
      new ApiError(503, DRAINING),
    );
    expect(sends()).toHaveLength(3);
  });

  it('is not sent again for a 503 without Retry-After (no model configured)', async () => {
    apiDouble.on('POST /api/chat', (_req, _body, res) =>
      json(res, 503, { message: 'No language model is configured' }),
    );
    await expect(streamReply('/api/chat', body, { onToken: () => {} })).rejects.toMatchObject({
      status: 503,
      message: 'No language model is configured',
    });
    expect(sends()).toHaveLength(1);
  });
});
