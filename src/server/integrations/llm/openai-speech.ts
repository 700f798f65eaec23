import { SPEECH_MESSAGES } from '../../../shared/voice/contract';
import type { Config } from '../../config';
import { LlmError } from './errors';
import { abortError, upstreamError } from './llm';
import { callControl, lazyClient, toProviderError, type ProviderMessages } from './openai-client';

type SpeechConfig = NonNullable<Config['speech']>;

/** The one wording, shared with the routes' 503 (src/shared/voice/contract.ts). */
export const SPEECH_NOT_CONFIGURED = SPEECH_MESSAGES.notConfigured;
export const SPEECH_FAILED = 'The voice could not be made. Please try again.';
export const SPEECH_TIMEOUT = 'The voice took too long to answer. Please try again.';
export const SPEECH_BUSY = 'The voice is busy right now. Please try again in a moment.';

const MESSAGES: ProviderMessages = {
  failed: SPEECH_FAILED,
  timeout: SPEECH_TIMEOUT,
  busy: SPEECH_BUSY,
};

/** One sentence's audio longer than this is not speech of a sentence: the call is stopped. */
const MAX_SENTENCE_AUDIO_BYTES = 8 * 1024 * 1024;

export interface Speaker {
  readonly configured: boolean;
  /**
   * The audio (MP3) of `text` in `voice`, chunk by chunk as the provider sends it. Resolves once
   * the provider has answered (a refusal throws here, before any audio); the iterator throws an
   * LlmError if the audio breaks off.
   */
  speak(
    text: string,
    voice: string,
    options?: { signal?: AbortSignal },
  ): Promise<AsyncIterable<Uint8Array>>;
}

/**
 * Voice replies through an OpenAI-style `/audio/speech` endpoint (OpenAI, a local Kokoro or Piper
 * server behind an OpenAI-compatible API), with the SDK: `{ model, voice, input,
 * response_format: 'mp3' }` answered with the audio, read as a stream.
 */
export function createOpenAiSpeaker(config: SpeechConfig): Speaker {
  const client = lazyClient(config);
  return {
    configured: true,
    async speak(text, voice, options = {}) {
      const control = callControl(config.timeoutMs, options.signal);
      let body: ReadableStream<Uint8Array> | null;
      try {
        if (options.signal?.aborted) throw abortError();
        const response = await (
          await client()
        ).audio.speech.create(
          { model: config.model, voice, input: text, response_format: 'mp3' },
          { signal: control.signal },
        );
        body = response.body;
        if (!body) throw upstreamError(SPEECH_FAILED, 'no audio');
      } catch (error) {
        control.dispose();
        throw toProviderError(error, control, MESSAGES);
      }
      const audio = body;
      return {
        async *[Symbol.asyncIterator]() {
          let bytes = 0;
          try {
            // Node's web streams are async iterable; the DOM typings the SDK uses do not say so.
            for await (const chunk of audio as unknown as AsyncIterable<Uint8Array>) {
              control.touch();
              bytes += chunk.byteLength;
              if (bytes > MAX_SENTENCE_AUDIO_BYTES) {
                throw upstreamError(SPEECH_FAILED, 'audio too long');
              }
              yield chunk;
            }
          } catch (error) {
            throw toProviderError(error, control, MESSAGES);
          } finally {
            control.dispose();
            await audio.cancel().catch(() => undefined);
          }
        },
      };
    },
  };
}

/** Voice replies; without TTS_MODEL every call answers 503 (and the web app shows no Listen). */
export function createSpeaker(config: Config): Speaker {
  if (config.speech) return createOpenAiSpeaker(config.speech);
  return {
    configured: false,
    speak: async () => {
      throw new LlmError('not-configured', SPEECH_NOT_CONFIGURED);
    },
  };
}
