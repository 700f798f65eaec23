import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/api';
import { streamReply } from '../../src/web/features/chat/stream-reply';
import { apiTestSetup, eventStream, json } from './api-double';

/**
 * A message sent while its server stops (a release): the server refuses it with 503 and
 * Retry-After before storing or charging anything, and the web app sends it again, so the
 * user sees the reply a moment later instead of an error.
 */

const setup = apiTestSetup();

const DRAINING = 'This server is restarting. Please send your message again in a moment.';
const body = { message: 'Hello', conversationId: 7 };
const sends = () => setup.api.requests.filter((r) => r.path === '/api/chat');

/** Answers the first `refusals` sends as a stopping server would, then streams a reply. */
function serve(refusals: number, retryAfter: string | null = '0') {
  setup.api.on('POST /api/chat', (_req, _body, res) => {
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
    setup.api.on('POST /api/chat', (_req, _body, res) =>
      json(res, 503, { message: 'No language model is configured' }),
    );
    await expect(streamReply('/api/chat', body, { onToken: () => {} })).rejects.toMatchObject({
      status: 503,
      message: 'No language model is configured',
    });
    expect(sends()).toHaveLength(1);
  });
});

/** Writes one event as the server does: its name, its id (the position after it), its data. */
const write = (res: import('node:http').ServerResponse, event: string, id: string, data: unknown) =>
  res.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
const follows = () => setup.api.requests.filter((r) => r.path.startsWith('/api/replies/'));

describe('a reply whose connection drops', () => {
  const streamHead = (res: import('node:http').ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/event-stream' });

  it('is followed again from the last event seen, and goes on where it stopped', async () => {
    setup.api.on('POST /api/chat', (_req, _body, res) => {
      streamHead(res);
      write(res, 'accepted', '0.0', { userMessageId: 1, replyId: 'run-1' });
      write(res, 'token', '0.6', { text: 'Moonli' });
      // The network drops mid-reply (once what was written has left).
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const lastIds: (string | undefined)[] = [];
    setup.api.on('GET /api/replies/run-1/events', (req, _body, res) => {
      lastIds.push(req.headers['last-event-id'] as string | undefined);
      streamHead(res);
      write(res, 'token', '0.22', { text: 'ght on the water' });
      write(res, 'done', '0.22', {
        messageId: 2,
        message: 'Moonlight on the water',
        userMessageId: 1,
      });
      res.end();
    });
    const tokens: string[] = [];
    const states: boolean[] = [];
    const result = await streamReply('/api/chat', body, {
      onToken: (t) => tokens.push(t),
      onReconnecting: (r) => states.push(r),
    });
    expect(result).toMatchObject({ messageId: 2, message: 'Moonlight on the water' });
    expect(tokens.join('')).toBe('Moonlight on the water');
    expect(lastIds).toEqual(['0.6']);
    expect(states).toEqual([true, false]);
  });

  it('keeps trying while the servers cannot answer, then tells the user it was cut off', async () => {
    setup.api.on('POST /api/chat', (_req, _body, res) => {
      streamHead(res);
      write(res, 'accepted', '0.0', { userMessageId: 1, replyId: 'run-2' });
      res.end(); // ended before the reply's end
    });
    let tries = 0;
    setup.api.on('GET /api/replies/run-2/events', (_req, _body, res) => {
      tries++;
      // Busy once, then the run is gone.
      if (tries === 1) json(res, 503, { message: 'Busy' });
      else json(res, 404, { message: 'Reply not found' });
    });
    await expect(streamReply('/api/chat', body, { onToken: () => {} })).rejects.toEqual(
      new ApiError(502, 'The reply was cut off. Please try again.'),
    );
    expect(follows()).toHaveLength(2);
  });
});
