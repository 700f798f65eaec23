import type { Config } from '../../config';
import { LlmError } from './errors';
import { abortError, upstreamError } from './llm';
import { callControl, lazyClient, toProviderError, type ProviderMessages } from './openai-client';

type TranscriptionConfig = NonNullable<Config['transcription']>;

export const TRANSCRIPTION_NOT_CONFIGURED = 'Voice input is not configured';
export const TRANSCRIPTION_FAILED =
  'Your recording could not be turned into text. Please try again.';
export const TRANSCRIPTION_TIMEOUT =
  'Turning your recording into text took too long. Please try again.';
export const TRANSCRIPTION_BUSY = 'Voice input is busy right now. Please try again in a moment.';

const MESSAGES: ProviderMessages = {
  failed: TRANSCRIPTION_FAILED,
  timeout: TRANSCRIPTION_TIMEOUT,
  busy: TRANSCRIPTION_BUSY,
};

/** One recording, as the browser made it. */
export interface Recording {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

export interface Transcriber {
  readonly configured: boolean;
  /** The words spoken, and how long the recording was when the server says (seconds). */
  transcribe(
    recording: Recording,
    options?: { signal?: AbortSignal },
  ): Promise<{ text: string; durationSeconds: number | undefined }>;
}

/**
 * Voice input through a Whisper-compatible `/audio/transcriptions` endpoint (OpenAI, a local
 * faster-whisper or whisper.cpp server), with the SDK: a multipart upload of the recording and
 * the model, answered `{ text }` (some servers add `duration`).
 */
export function createOpenAiTranscriber(config: TranscriptionConfig): Transcriber {
  const client = lazyClient(config);
  return {
    configured: true,
    async transcribe(recording, options = {}) {
      const control = callControl(config.timeoutMs, options.signal);
      try {
        if (options.signal?.aborted) throw abortError();
        const { toFile } = await import('openai');
        const file = await toFile(recording.bytes, recording.fileName, {
          type: recording.contentType,
        });
        const answer = (await (
          await client()
        ).audio.transcriptions.create(
          { file, model: config.model, response_format: 'json' },
          { signal: control.signal },
        )) as { text?: unknown; duration?: unknown };
        if (typeof answer?.text !== 'string') throw upstreamError(TRANSCRIPTION_FAILED, 'no text');
        return {
          text: answer.text.trim(),
          durationSeconds: typeof answer.duration === 'number' ? answer.duration : undefined,
        };
      } catch (error) {
        throw toProviderError(error, control, MESSAGES);
      } finally {
        control.dispose();
      }
    },
  };
}

/** Voice input; without STT_MODEL every call answers 503 (and the web app shows no microphone). */
export function createTranscriber(config: Config): Transcriber {
  if (config.transcription) return createOpenAiTranscriber(config.transcription);
  return {
    configured: false,
    transcribe: async () => {
      throw new LlmError('not-configured', TRANSCRIPTION_NOT_CONFIGURED);
    },
  };
}
