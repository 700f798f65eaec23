import { endpointsOf } from '../http/endpoint';

/** Voice input and, later, voice replies (issue 50). */
const endpoint = /* @__PURE__ */ endpointsOf('Voice', () => import('./contract'));

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
