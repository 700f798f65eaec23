import { createServer, type IncomingMessage } from 'node:http';

/**
 * A local stand-in for a Whisper-compatible speech-to-text server (issue 50): `POST
 * /audio/transcriptions` with a multipart body (`file`, `model`, `response_format`), answered as
 * OpenAI does (`{ text }`, here with `duration` as faster-whisper adds it). Tests script the
 * answers and read what was sent.
 */

export interface TranscriptionAnswer {
  text?: string;
  /** Seconds, as some servers report the recording's length. */
  duration?: number;
  /** An error status instead of text. */
  status?: number;
  delayMs?: number;
}

export interface ReceivedRecording {
  model: string | null;
  responseFormat: string | null;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  authorization: string | undefined;
}

export interface SpeechDouble {
  url: string;
  received: ReceivedRecording[];
  /** The next answers, in order; afterwards DEFAULT_TRANSCRIPT. */
  script(...answers: TranscriptionAnswer[]): void;
  reset(): void;
  stop(): Promise<void>;
}

export const DEFAULT_TRANSCRIPT = 'Tell me about the lighthouse tonight';

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSpeechDouble(): Promise<SpeechDouble> {
  const received: ReceivedRecording[] = [];
  let queue: TranscriptionAnswer[] = [];
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/audio/transcriptions'))
      return reply(404, { error: { message: 'not found' } });
    // The multipart body read as a browser reads one (undici's FormData parser).
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(await bodyOf(req)),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof File)) return reply(400, { error: { message: 'no file' } });
    received.push({
      model: form.get('model') as string | null,
      responseFormat: form.get('response_format') as string | null,
      fileName: file.name,
      contentType: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
      authorization: req.headers.authorization,
    });
    const answer = queue.shift() ?? {};
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.status) return reply(answer.status, { error: { message: 'the model failed' } });
    reply(200, {
      text: answer.text ?? DEFAULT_TRANSCRIPT,
      ...(answer.duration !== undefined ? { duration: answer.duration } : {}),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    received,
    script: (...answers) => {
      queue.push(...answers);
    },
    reset: () => {
      received.length = 0;
      queue = [];
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
