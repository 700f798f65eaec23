import { z } from 'zod';
import { UNKNOWN_VOICE, voiceIdField } from './voice-id';

/**
 * Voice (issue 50). Voice input: the composer's microphone records (MediaRecorder) and sends the
 * recording; the server turns it into text through a Whisper-compatible endpoint, and the text
 * goes into the composer for the user to check and send. Voice replies: a character's message
 * read aloud in the character's voice (`character.voice`, one of TTS_VOICES), through an
 * OpenAI-style `/audio/speech` endpoint, streamed so that playback starts before the whole file
 * exists; action text (`*smiles*`) is not read.
 *
 *   POST /api/transcriptions           multipart, field `file` (at most 60 s / 10 MB) → { text }
 *   GET  /api/voices                   → voicesResponse (signed in)
 *   GET  /api/voices/{voice}/sample    → audio/mpeg: VOICE_SAMPLE_TEXT in that voice (signed in)
 *   POST /api/messages/{messageId}/speech
 *                                      → audio/mpeg, streamed sentence by sentence as it is made
 *                                        (the owner's, a character's message; SPEECH_CREDITS)
 */

export const TRANSCRIPTION_MAX_BYTES = 10 * 1024 * 1024;
export const TRANSCRIPTION_MAX_SECONDS = 60;

export const TRANSCRIPTION_MESSAGES = {
  tooBig: 'A recording is at most 10 MB.',
  tooLong: `A recording is at most ${TRANSCRIPTION_MAX_SECONDS} seconds.`,
  notAudio: 'That file is not a recording we can read. Please record again.',
  nothingHeard: 'No words were heard in the recording. Please try again, a little closer.',
} as const;

export const transcriptionResponse = z.object({
  /** The words spoken, for the user to check before sending. */
  text: z.string(),
});
export type Transcription = z.infer<typeof transcriptionResponse>;

/** What a voice sample says, in every voice. */
export const VOICE_SAMPLE_TEXT = 'Hello there. This is how I sound when I talk with you.';

export const voiceParams = z.object({ voice: voiceIdField });

export const SPEECH_MESSAGES = {
  /** 503: no TTS_MODEL. */
  notConfigured: 'Voice replies are not configured.',
  notCharacterMessage: 'Only the character’s messages can be read aloud.',
  /** The message is all action text (or empty): there is nothing to say. */
  nothingToSay: 'There are no spoken words in this message to read aloud.',
  unknownVoice: UNKNOWN_VOICE,
} as const;

export const voiceSchema = z.object({
  /** What the speech endpoint calls it. */
  id: z.string(),
  /** What the user reads in the picker. */
  label: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voicesResponse = z.object({
  /** False without TTS_MODEL: no Listen buttons, no voice pickers. */
  configured: z.boolean(),
  voices: z.array(voiceSchema),
  /** The voice of a character that has none chosen (TTS_VOICES' first); null when unconfigured. */
  defaultVoice: z.string().nullable(),
  /** What reading one message aloud costs (SPEECH_CREDITS; 0: free). A replay costs nothing. */
  speechCredits: z.number(),
});
export type Voices = z.infer<typeof voicesResponse>;
