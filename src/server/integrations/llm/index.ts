import type { Config } from '../../config';
import { LlmError } from './errors';
import {
  IMAGE_NOT_CONFIGURED,
  LLM_NOT_CONFIGURED,
  type ImageGenerator,
  type LlmGateway,
} from './llm';
import { createOpenAiImages } from './openai-images';
import { createOpenAiLlm } from './openai-llm';

export {
  IMAGE_FAILED,
  IMAGE_NOT_CONFIGURED,
  IMAGE_TIMEOUT,
  LLM_BUSY,
  LLM_EMPTY,
  LLM_FAILED,
  LLM_NOT_CONFIGURED,
  LLM_TIMEOUT,
  UNKNOWN_MODEL,
} from './llm';
export type {
  CallHandle,
  ChatMessage,
  Completion,
  CompletionRequest,
  ImageGenerator,
  LlmGateway,
  UsagePurpose,
} from './llm';
export {
  createTranscriber,
  TRANSCRIPTION_FAILED,
  TRANSCRIPTION_NOT_CONFIGURED,
  type Recording,
  type Transcriber,
} from './openai-transcription';
export { createSpeaker, SPEECH_FAILED, SPEECH_NOT_CONFIGURED, type Speaker } from './openai-speech';
export { completeJson, INVALID_ANSWER, jsonSchemaOf, parseJsonLoosely } from './json';
export { LlmError, type LlmFailure } from './errors';

/** The app's language model; without LLM_BASE_URL and LLM_MODELS every call answers 503. */
export function createLlm(config: Config): LlmGateway {
  if (config.llm) return createOpenAiLlm(config.llm);
  return {
    configured: false,
    models: Object.freeze([]),
    defaultModel: undefined,
    isAllowedModel: () => false,
    complete: async () => {
      throw new LlmError('not-configured', LLM_NOT_CONFIGURED);
    },
    stream: async () => {
      throw new LlmError('not-configured', LLM_NOT_CONFIGURED);
    },
  };
}

/** Avatar generation; without IMAGE_MODEL every call answers 503. */
export function createImageGenerator(config: Config): ImageGenerator {
  if (config.image) return createOpenAiImages(config.image);
  return {
    configured: false,
    generate: async () => {
      throw new LlmError('not-configured', IMAGE_NOT_CONFIGURED);
    },
  };
}
