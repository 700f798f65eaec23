import { TRANSCRIPTION_MAX_SECONDS } from '../../../shared/voice/contract';

/** A recording under way: stop() answers what was said, cancel() throws it away. */
export interface Recording {
  stop(): Promise<Blob>;
  cancel(): void;
}

/** The containers Chromium, Firefox and Safari record, most compact first. */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

/**
 * Asks for the microphone (the browser's own prompt, only when the user pressed the button) and
 * records until stopped, at most TRANSCRIPTION_MAX_SECONDS (`onLimit` is called then: the caller
 * stops). Rejects with the browser's DOMException when the microphone cannot be had.
 */
export async function startRecording(onLimit: () => void): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const limit = setTimeout(onLimit, TRANSCRIPTION_MAX_SECONDS * 1000);
  const release = () => {
    clearTimeout(limit);
    // The browser's recording light goes off with the tracks.
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.start();
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

/** What to tell the user when the microphone could not be had, from the browser's error. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Microphone access was refused. Allow it for this site in your browser’s settings to speak instead of typing.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Connect one, or type your message.';
  if (name === 'NotSupportedError' || typeof MediaRecorder === 'undefined')
    return 'This browser cannot record here. Please type your message.';
  if (name === 'NotReadableError')
    return 'The microphone is in use by another app. Close it, or type your message.';
  return 'The microphone could not be started. Please type your message.';
}
