import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** Options every scripted reply may carry. */
interface ReplyOptions {
  /** Waits this long before answering. */
  delayMs?: number;
  /** Waits for this before answering: a test sees what happens while the model thinks. */
  waitFor?: Promise<unknown>;
}

export type LlmReply = ReplyOptions &
  (
    | {
        /** A chat answer; streamed word by word when the request asks for a stream. */
        content: string;
        /** Streams exactly these pieces instead of `content` word by word (chunk boundaries). */
        chunks?: string[];
        /**
         * The model's thinking, sent apart from the text as DeepSeek's API does: streamed as
         * `reasoning_content` deltas before the text, or as `message.reasoning_content`.
         */
        reasoning?: string;
        /** Pause between streamed chunks (to abort or time out mid-stream). */
        chunkDelayMs?: number;
        /**
         * Sends only this many pieces of the text, then nothing more until the client goes away
         * (a model, or a server, that died mid-reply).
         */
        stallAfter?: number;
        /** After a stall, the rest of the text is sent once this settles (a model that woke up). */
        resumeAfterStall?: Promise<unknown>;
        /** Pause between `data: [DONE]` and the end of the body (it may come a moment later). */
        endDelayMs?: number;
        finishReason?: string;
        /**
         * The usage report (when the request asks for one, as OpenAI sends it): by default the
         * prompt's JSON length / 4 in and the pieces sent out; null sends none.
         */
        usage?: { prompt_tokens: number; completion_tokens: number } | null;
      }
    | { status: number; body?: string }
    /** Never answers; the connection is closed by the client or by stop(). */
    | { stall: true }
    | { image: Buffer }
    | { imageUrl: string }
  );

export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. '/v1/chat/completions'. */
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body; undefined for requests without one. */
  body: any;
  /** True once the client closed the connection before the answer was complete. */
  closedEarly?: boolean;
  /** The client's port: two requests with the same one came over the same connection. */
  remotePort: number | undefined;
}

type Endpoint = 'chat' | 'images';

/** What a strict server refuses with a 400 (see LlmDouble.refuse). */
export interface Refusals {
  /** `response_format: { type: 'json_schema' }` (llama.cpp builds and proxies without it). */
  jsonSchema?: boolean;
  /** Any message with role system (Gemma's chat template). */
  systemMessages?: boolean;
  /** A last message with role assistant: a prefill (APIs that forbid them). */
  prefill?: boolean;
  /** `stream_options` (older OpenAI-compatible servers answer 400 to an unknown parameter). */
  streamOptions?: boolean;
}
export type Responder = (endpoint: Endpoint, body: any) => LlmReply | undefined;

export interface LlmDouble {
  /** Base URL ending in /v1, for LLM_BASE_URL / IMAGE_BASE_URL. */
  url: string;
  /** The server's origin (no /v1), for files served with serveFile(). */
  origin: string;
  requests: ReceivedRequest[];
  /** Queues replies, consumed in order by the endpoint they fit (errors and stalls fit both). */
  script(...replies: LlmReply[]): void;
  /** The reply when nothing is queued (chat replies for chat, image replies for images). */
  setDefault(reply: LlmReply): void;
  /** Serves `bytes` at GET /files/<name>; returns the absolute URL. */
  serveFile(name: string, bytes: Buffer, contentType?: string): string;
  /**
   * Chooses replies from the request when nothing is queued (e.g. by the response_format the
   * app asked for); returning undefined falls back to the default.
   */
  respondWith(fn: Responder | undefined): void;
  /**
   * Answers every chat request whose response_format names this JSON schema, ahead of the queue
   * (so scripted replies stay for the other calls); undefined stops doing so.
   */
  answerSchema(name: string, reply: LlmReply | ((body: any) => LlmReply) | undefined): void;
  /**
   * Answers 400, like a strict server, to every chat request using what `refusals` names (the
   * request is still recorded; nothing queued is used up); reset() or refuse({}) ends it.
   */
  refuse(refusals: Refusals): void;
  /** Forgets queued replies, schema answers, refusals and received requests. */
  reset(): void;
  stop(): Promise<void>;
}

/** A 1×1 transparent PNG, the default generated image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJ' +
    'RU5ErkJggg==',
  'base64',
);

export const DOUBLE_MODELS = ['big-405b', 'rp-70b', 'small-8b'];

const DEFAULT_CHAT: LlmReply = { content: 'Hello from the test model.' };
const DEFAULT_IMAGE: LlmReply = { image: TINY_PNG };

function fits(reply: LlmReply, endpoint: Endpoint): boolean {
  if ('content' in reply) return endpoint === 'chat';
  if ('image' in reply || 'imageUrl' in reply) return endpoint === 'images';
  return true;
}

/**
 * A local OpenAI-compatible server (chat completions, streaming, images, models) whose answers
 * the test scripts. Real HTTP, so the SDK and its parsing are exercised as in production.
 */
export async function startLlmDouble(): Promise<LlmDouble> {
  const requests: ReceivedRequest[] = [];
  const queue: LlmReply[] = [];
  const defaults: Record<Endpoint, LlmReply> = { chat: DEFAULT_CHAT, images: DEFAULT_IMAGE };
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let origin = '';

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  let responder: Responder | undefined;
  let refusals: Refusals = {};
  /** Why a strict server would refuse this chat request, or undefined. */
  const refusalOf = (body: any): string | undefined => {
    const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
    if (refusals.jsonSchema && body?.response_format?.type === 'json_schema') {
      return 'response_format json_schema is not supported';
    }
    if (refusals.systemMessages && messages.some((m) => m?.role === 'system')) {
      return 'System role not supported';
    }
    if (refusals.prefill && messages.at(-1)?.role === 'assistant') {
      return 'The last message must be a user message';
    }
    if (refusals.streamOptions && body?.stream_options !== undefined) {
      return 'Unrecognized request argument supplied: stream_options';
    }
    return undefined;
  };
  const schemaAnswers = new Map<string, LlmReply | ((body: any) => LlmReply)>();
  const bySchema = (endpoint: Endpoint, body: any): LlmReply | undefined => {
    const name = body?.response_format?.json_schema?.name;
    const answer = endpoint === 'chat' && typeof name === 'string' && schemaAnswers.get(name);
    if (!answer) return undefined;
    return typeof answer === 'function' ? answer(body) : answer;
  };
  const take = (endpoint: Endpoint): LlmReply => {
    const index = queue.findIndex((r) => fits(r, endpoint));
    if (index === -1) return defaults[endpoint];
    return queue.splice(index, 1)[0]!;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '/';
    const raw = await readBody(req);
    let body: any;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return sendJson(res, 400, { error: { message: 'Request body is not JSON' } });
      }
    }
    const received: ReceivedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body,
      remotePort: req.socket.remotePort,
    };
    requests.push(received);
    res.on('close', () => {
      if (!res.writableFinished) received.closedEarly = true;
    });

    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, {
        object: 'list',
        data: DOUBLE_MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'double' })),
      });
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      const file = files.get(decodeURIComponent(path.slice('/files/'.length)));
      if (!file) return sendJson(res, 404, { error: { message: 'No such file' } });
      res.writeHead(200, {
        'content-type': file.contentType,
        'content-length': String(file.bytes.length),
      });
      return void res.end(file.bytes);
    }
    const endpoint: Endpoint | undefined =
      req.method === 'POST' && path === '/v1/chat/completions'
        ? 'chat'
        : req.method === 'POST' && path === '/v1/images/generations'
          ? 'images'
          : undefined;
    if (!endpoint) return sendJson(res, 404, { error: { message: `No route ${path}` } });
    const refusal = endpoint === 'chat' ? refusalOf(body) : undefined;
    if (refusal) {
      return sendJson(res, 400, { error: { message: refusal, type: 'invalid_request_error' } });
    }

    const reply =
      bySchema(endpoint, body) ||
      (queue.length === 0 && responder?.(endpoint, body)) ||
      take(endpoint);
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.waitFor) await reply.waitFor;
    if ('stall' in reply) return; // Leave the response open; stop() closes the connection.
    if ('status' in reply) {
      const text =
        reply.body ??
        JSON.stringify({ error: { message: 'Scripted failure', type: 'server_error' } });
      res.writeHead(reply.status, { 'content-type': contentTypeOf(text) });
      return void res.end(text);
    }
    if ('image' in reply) {
      return sendJson(res, 200, {
        created: now(),
        data: [{ b64_json: reply.image.toString('base64') }],
      });
    }
    if ('imageUrl' in reply) {
      return sendJson(res, 200, { created: now(), data: [{ url: reply.imageUrl }] });
    }
    if (endpoint === 'images') {
      return sendJson(res, 400, { error: { message: 'A chat reply was scripted for images' } });
    }

    const model = typeof body?.model === 'string' ? body.model : 'unknown';
    const finishReason = reply.finishReason ?? 'stop';
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    if (body?.stream !== true) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created: now(),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.content,
              ...(reply.reasoning === undefined ? {} : { reasoning_content: reply.reasoning }),
            },
            finish_reason: finishReason,
          },
        ],
        ...usageReport(reply.usage, body, splitWords(reply.content).length),
      });
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (choices: unknown[]) => {
      const data = { id, object: 'chat.completion.chunk', created: now(), model, choices };
      return `data: ${JSON.stringify(data)}\n\n`;
    };
    // Like OpenAI: a role-only first chunk, the text, an empty-delta final chunk with the finish
    // reason, then a usage chunk without choices — the shapes a tolerant client must accept.
    res.write(
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    );
    // Chunk i leaves chunkDelayMs × i after the first, like a model generating at its own pace:
    // a timer that fires late (a busy process) is caught up, not added to every later chunk.
    // After a stall the pace starts again from the moment it woke.
    let startedAt = performance.now();
    let index = 0;
    const thinking = reply.reasoning === undefined ? [] : splitWords(reply.reasoning);
    for (const thought of thinking) {
      res.write(
        chunk([
          { index: 0, delta: { content: null, reasoning_content: thought }, finish_reason: null },
        ]),
      );
    }
    const pieces = reply.chunks ?? splitWords(reply.content);
    for (const piece of pieces) {
      index++;
      if (reply.stallAfter !== undefined && index > reply.stallAfter) {
        const closed = new Promise((resolve) => res.once('close', resolve));
        await Promise.race([closed, reply.resumeAfterStall ?? closed]);
        if (res.destroyed) return;
        if (index === reply.stallAfter + 1) {
          startedAt = performance.now() - (reply.chunkDelayMs ?? 0) * (index - 1);
        }
      }
      if (reply.chunkDelayMs) {
        await sleep(Math.max(0, startedAt + reply.chunkDelayMs * index - performance.now()));
      }
      if (res.destroyed) return;
      res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    res.write(chunk([{ index: 0, delta: {}, finish_reason: finishReason }]));
    // Asked for (stream_options.include_usage), OpenAI ends with a chunk of no choices and the
    // usage; a server without it sends none.
    if (body?.stream_options?.include_usage === true) {
      const data = { id, object: 'chat.completion.chunk', created: now(), model, choices: [] };
      const usage = usageReport(reply.usage, body, pieces.length);
      if (usage.usage) res.write(`data: ${JSON.stringify({ ...data, ...usage })}\n\n`);
    }
    if (reply.endDelayMs) {
      res.write('data: [DONE]\n\n');
      await sleep(reply.endDelayMs);
      if (!res.destroyed) res.end();
    } else {
      res.end('data: [DONE]\n\n');
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    origin,
    requests,
    script: (...replies) => void queue.push(...replies),
    respondWith(fn) {
      responder = fn;
    },
    refuse(what) {
      refusals = { ...what };
    },
    answerSchema(name, reply) {
      if (reply) schemaAnswers.set(name, reply);
      else schemaAnswers.delete(name);
    },
    setDefault(reply) {
      if (fits(reply, 'chat')) defaults.chat = reply;
      if (fits(reply, 'images')) defaults.images = reply;
    },
    serveFile(name, bytes, contentType = 'image/png') {
      files.set(name, { bytes, contentType });
      return `${origin}/files/${encodeURIComponent(name)}`;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      schemaAnswers.clear();
      refusals = {};
      defaults.chat = DEFAULT_CHAT;
      defaults.images = DEFAULT_IMAGE;
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Stalled and streaming responses keep their sockets open; close() alone would wait forever.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Words with their following whitespace, so the pieces join back to exactly `text`. */
/** A usage report as OpenAI's, for `reply.usage` (default: estimated from the request). */
function usageReport(
  given: { prompt_tokens: number; completion_tokens: number } | null | undefined,
  body: any,
  pieces: number,
) {
  if (given === null) return {};
  const report = given ?? {
    prompt_tokens: Math.ceil(JSON.stringify(body?.messages ?? []).length / 4),
    completion_tokens: pieces,
  };
  return { usage: { ...report, total_tokens: report.prompt_tokens + report.completion_tokens } };
}

function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [text];
}

function now() {
  return Math.floor(Date.now() / 1000);
}

function contentTypeOf(text: string) {
  try {
    JSON.parse(text);
    return 'application/json';
  } catch {
    return 'text/plain';
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
