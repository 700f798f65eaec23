import { z } from 'zod';

/** A voice's id as TTS_VOICES names it (`alloy`, `af_bella`, …): a character's `voice`. */
export const VOICE_ID_MAX = 64;
export const UNKNOWN_VOICE = 'Choose one of the voices offered.';
export const voiceIdField = z
  .string()
  .trim()
  .min(1, UNKNOWN_VOICE)
  .max(VOICE_ID_MAX, UNKNOWN_VOICE);
