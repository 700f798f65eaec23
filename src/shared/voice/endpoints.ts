import { endpointsOf } from '../http/endpoint';

/** Voice input and voice replies (issue 50). */
const endpoint = /* @__PURE__ */ endpointsOf('Voice', async () => {
  const [contract, chat] = await Promise.all([import('./contract'), import('../chat/contract')]);
  return { ...contract, messageParams: chat.messageParams };
});

/**
 * A multipart body with one recording in the field `file`. Costs TRANSCRIPTION_CREDITS (none by
 * default), given back when the recording cannot be turned into text.
 */
export const transcribe = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/transcriptions',
  needs: { auth: 'user', rate: 'transcriptionsPerUser' },
  kind: 'upload',
  summary: 'Turns a recording into text for the composer (multipart, field `file`)',
  schemas: (c) => ({ response: { 200: c.transcriptionResponse } }),
});

export const listVoices = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/voices',
  needs: { auth: 'user' },
  summary: 'The voices a character may speak in (TTS_VOICES), and what a read-aloud costs',
  schemas: (c) => ({ response: { 200: c.voicesResponse } }),
});

/** A short sentence in that voice, made once per voice and kept (free; rate-limited). */
export const voiceSample = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/voices/:voice/sample',
  needs: { auth: 'user', rate: 'voiceSamplesPerUser' },
  kind: 'download',
  summary: 'A sample of a voice (audio/mpeg)',
  schemas: (c) => ({ params: c.voiceParams, response: {} }),
});

/**
 * A character's message read aloud in its voice: audio/mpeg streamed as each sentence is made,
 * kept per message, voice and text (a replay costs nothing and asks no provider), removed with
 * the message. Costs SPEECH_CREDITS (none by default) when made, given back if it fails.
 */
export const speakMessage = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/messages/:messageId/speech',
  needs: { auth: 'user', rate: 'speechPerUser' },
  kind: 'download',
  summary: 'Reads a character’s message aloud (audio/mpeg, streamed)',
  schemas: (c) => ({ params: c.messageParams, response: {} }),
});
