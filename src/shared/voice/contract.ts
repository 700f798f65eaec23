import { z } from 'zod';

/**
 * Voice (issue 50). Voice input: the composer's microphone records (MediaRecorder) and sends the
 * recording; the server turns it into text through a Whisper-compatible endpoint, and the text
 * goes into the composer for the user to check and send.
 *
 *   POST /api/transcriptions  multipart, field `file` (at most 60 s / 10 MB) → { text }
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
