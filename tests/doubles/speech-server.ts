import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { MP3_FRAME_BYTES, mp3Bytes } from './audio';

/**
 * A local stand-in for a Whisper-compatible speech-to-text server and an OpenAI-style
 * text-to-speech server (issue 50): `POST /audio/transcriptions` with a multipart body (`file`,
 * `model`, `response_format`), answered as OpenAI does (`{ text }`, here with `duration` as
 * faster-whisper adds it); `POST /audio/speech` with `{ model, voice, input, response_format }`,
 * answered with MP3 audio streamed in parts (as long as the words take to say). Tests script the
 * answers and read what was sent.
 */

export interface SpeechAnswer {
  /** An error status instead of audio. */
  status?: number;
  /** Before the first byte (the provider thinking). */
  delayMs?: number;
  /** Before the first byte, until this settles (the provider thinking until the test says). */
  waitFor?: Promise<unknown>;
  /** Between the parts of the audio. */
  partDelayMs?: number;
  /** Sends some audio, then drops the connection. */
  breakOff?: boolean;
  /** How long a word's audio lasts (default: a tenth of a second). */
  secondsPerWord?: number;
}

export interface ReceivedSpeech {
  model: string;
  voice: string;
  input: string;
  responseFormat: string;
  authorization: string | undefined;
}

/** How long the stand-in's audio of some words is: about a tenth of a second a word. */
export const speechSecondsOf = (input: string, secondsPerWord = 0.1) =>
  Math.max(0.3, input.split(/\s+/).length * secondsPerWord);

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
  /** What `/audio/speech` was asked to say, in order. */
  spoken: ReceivedSpeech[];
  /** The next answers, in order; afterwards DEFAULT_TRANSCRIPT. */
  script(...answers: TranscriptionAnswer[]): void;
  /** The next `/audio/speech` answers, in order; afterwards `unscripted` (audio at once). */
  scriptSpeech(...answers: SpeechAnswer[]): void;
  /** How every unscripted `/audio/speech` answers (the benchmark's provider that thinks 300 ms). */
  setUnscriptedSpeech(answer: SpeechAnswer): void;
  reset(): void;
  stop(): Promise<void>;
}

export const DEFAULT_TRANSCRIPT = 'Tell me about the lighthouse tonight';

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audio in parts of 10 frames (a quarter of a second), as a streaming TTS server sends it. */
async function streamSpeech(res: ServerResponse, input: string, answer: SpeechAnswer) {
  const audio = mp3Bytes(speechSecondsOf(input, answer.secondsPerWord));
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
  const part = MP3_FRAME_BYTES * 10;
  for (let at = 0; at < audio.length; at += part) {
    res.write(audio.subarray(at, at + part));
    if (answer.breakOff) {
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (answer.partDelayMs) await sleep(answer.partDelayMs);
  }
  res.end();
}

export async function startSpeechDouble(): Promise<SpeechDouble> {
  const received: ReceivedRecording[] = [];
  const spoken: ReceivedSpeech[] = [];
  let queue: TranscriptionAnswer[] = [];
  let speechQueue: SpeechAnswer[] = [];
  let unscripted: SpeechAnswer = {};
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url?.endsWith('/audio/speech')) {
      const body = JSON.parse((await bodyOf(req)).toString('utf8')) as Record<string, string>;
      spoken.push({
        model: body.model!,
        voice: body.voice!,
        input: body.input!,
        responseFormat: body.response_format!,
        authorization: req.headers.authorization,
      });
      const answer = speechQueue.shift() ?? unscripted;
      if (answer.delayMs) await sleep(answer.delayMs);
      if (answer.waitFor) await answer.waitFor;
      if (answer.status) return reply(answer.status, { error: { message: 'the voice failed' } });
      return streamSpeech(res, body.input!, answer);
    }
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
    spoken,
    script: (...answers) => {
      queue.push(...answers);
    },
    scriptSpeech: (...answers) => {
      speechQueue.push(...answers);
    },
    setUnscriptedSpeech: (answer) => {
      unscripted = answer;
    },
    reset: () => {
      received.length = 0;
      spoken.length = 0;
      queue = [];
      speechQueue = [];
      unscripted = {};
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
