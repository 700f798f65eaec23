import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { QUERY_DEFAULTS } from '../../src/web/lib/query-client';

type Handler = (req: IncomingMessage, body: unknown, res: ServerResponse) => void | Promise<void>;

/**
 * A stand-in for our API on 127.0.0.1: each test says how a path answers, and the requests it
 * got are kept in order. The browser code's relative URLs ('/api/...') are sent here.
 */
export async function startApiDouble() {
  const routes = new Map<string, Handler>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      // JSON parsed; anything else (a multipart upload) kept as the text it was.
      const isJson = (req.headers['content-type'] ?? 'application/json').includes('json');
      const body: unknown = raw ? (isJson ? JSON.parse(raw) : raw) : undefined;
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, body });
      const handler = routes.get(`${req.method} ${path.split('?')[0]}`);
      if (!handler) return json(res, 404, { message: 'Not found' });
      void handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    realFetch(new URL(String(input instanceof Request ? input.url : input), base), init);
  return {
    requests,
    on: (route: string, handler: Handler) => routes.set(route, handler),
    reset: () => {
      routes.clear();
      requests.length = 0;
    },
    close: async () => {
      globalThis.fetch = realFetch;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Uploads sent as a browser sends them: jsdom's FormData is not one fetch can send (it never
 * ends), so a file test's FormData and Blob are the platform's own, as in a browser.
 */
export function platformFormData() {
  beforeAll(async () => {
    const formData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
    vi.stubGlobal('FormData', formData);
    vi.stubGlobal('Blob', NodeBlob);
  });
  afterAll(() => vi.unstubAllGlobals());
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts a Server-Sent Events answer; `send` writes one event. */
export function eventStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  return {
    send: (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end: () => res.end(),
  };
}

export type ApiDouble = Awaited<ReturnType<typeof startApiDouble>>;

/**
 * A web test's surroundings, set up once per file: the API double (fresh routes for each test)
 * and a new query client for each test with the app's cache rules (no retries either: a failure
 * shows at once). After
 * each test, what is still loading or writing ends first, then the page is emptied. Read `api`
 * and `client` inside the tests: they are set when the hooks run.
 */
export function apiTestSetup() {
  const setup = {} as { api: ApiDouble; client: QueryClient };
  beforeAll(async () => {
    setup.api = await startApiDouble();
  });
  afterAll(() => setup.api.close());
  beforeEach(() => {
    setup.api.reset();
    // The app's own cache rules (5 minutes fresh, no refetch on focus): a test passes only where
    // the app would, not because a fresh client read again what the app would have kept.
    setup.client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  });
  afterEach(async () => {
    try {
      await waitFor(() => expect(setup.client.isFetching() + setup.client.isMutating()).toBe(0));
    } finally {
      cleanup();
    }
  });
  return setup;
}
