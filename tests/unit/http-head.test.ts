/**
 * A streamed reply and its request to the model give their heads back once sent
 * (src/server/http-head.ts): what the other side receives must not change, and Node must still
 * know the head went out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseHead } from '../../src/server/http-head';

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

function listen(handler: http.RequestListener) {
  server = http.createServer(handler);
  return new Promise<string>((resolve) =>
    server!.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

const keptHead = (message: http.OutgoingMessage) =>
  String((message as unknown as { _header: unknown })._header);

describe('releaseHead', () => {
  it('lets a streamed response go on after its head is released', async () => {
    let afterRelease: { sent: boolean; kept: string; secondHead?: string } | undefined;
    const url = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-policy': 'p'.repeat(600) });
      res.write('event: accepted\n\n');
      releaseHead(res);
      let secondHead: string | undefined;
      try {
        res.writeHead(500);
      } catch (error) {
        secondHead = (error as { code?: string }).code;
      }
      afterRelease = { sent: res.headersSent, kept: keptHead(res), secondHead };
      setTimeout(() => {
        res.write('event: token\n\n');
        res.end('event: done\n\n');
      }, 20);
    });
    const response = await fetch(url);
    expect(response.headers.get('x-policy')).toBe('p'.repeat(600));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('event: accepted\n\nevent: token\n\nevent: done\n\n');
    expect(afterRelease).toEqual({
      sent: true,
      kept: expect.not.stringContaining('x-policy') as unknown as string,
      secondHead: 'ERR_HTTP_HEADERS_SENT',
    });
  });

  it('sends a request whole when its head is released before it has a socket', async () => {
    let received: { method?: string; auth?: string; body: string } | undefined;
    const url = await listen((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received = { method: req.method, auth: req.headers.authorization, body };
        res.end('ok');
      });
    });
    const payload = JSON.stringify({ prompt: 'é'.repeat(2000) });
    const answered = await new Promise<string>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          authorization: 'Bearer key',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      request.on('error', reject);
      request.end(payload);
      releaseHead(request);
      expect(keptHead(request)).not.toContain('authorization');
    });
    expect(answered).toBe('ok');
    expect(received).toEqual({ method: 'POST', auth: 'Bearer key', body: payload });
  });
});
