/**
 * Voice input (issue 50 part 2): POST /api/transcriptions takes a recording (multipart, `file`,
 * at most 10 MB), checks it is audio, and answers the words a Whisper-compatible server heard in
 * it — through its real protocol, to a local stand-in. It costs TRANSCRIPTION_CREDITS (none by
 * default), given back when it fails; without STT_MODEL it is 503 and the chat offers no
 * microphone (the site status says so).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../src/shared/site/contract';
import { TRANSCRIPTION_MESSAGES } from '../../src/shared/voice/contract';
import { wavBytes } from '../doubles/audio';
import { DEFAULT_TRANSCRIPT, startSpeechDouble, type SpeechDouble } from '../doubles/speech-server';
import { creditsOf, userWithCredits as userWithCreditsOf } from './support/credits';
import { maintenanceSwitch } from './support/maintenance';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let bare: TestApp;
let speech: SpeechDouble;
const wav = wavBytes(1);

beforeAll(async () => {
  speech = await startSpeechDouble();
  [t, bare] = await Promise.all([
    startTestApp({
      STT_BASE_URL: speech.url,
      STT_MODEL: 'whisper-1',
      STT_API_KEY: 'stt-key',
      TRANSCRIPTION_CREDITS: '2',
    }),
    startTestApp(),
  ]);
});
beforeEach(() => speech.reset());
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await speech.stop();
});

const send = (
  c: Awaited<ReturnType<TestApp['signedInUser']>>,
  bytes: Buffer,
  name = 'recording.wav',
  type = 'audio/wav',
) => c.upload('/api/transcriptions', bytes, name, type);

async function userWithCredits(credits: number) {
  return (await userWithCreditsOf(t, credits)).c;
}

describe('POST /api/transcriptions', () => {
  it('answers the words in a recording, sent to the speech server as the recording it is', async () => {
    const c = await userWithCredits(10);
    const res = await send(c, wav, 'whatever.bin', 'application/octet-stream');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ text: DEFAULT_TRANSCRIPT });
    expect(speech.received).toHaveLength(1);
    const [got] = speech.received;
    // Named and typed by what the bytes are, not by what the client said.
    expect(got).toMatchObject({
      model: 'whisper-1',
      fileName: 'recording.wav',
      contentType: 'audio/wav',
      authorization: 'Bearer stt-key',
    });
    expect(got!.bytes.equals(wav)).toBe(true);
    // TRANSCRIPTION_CREDITS=2 taken.
    expect(await creditsOf(c)).toBe(8);
    const status = await c.get('/api/site/status');
    expect(status.json.features).toMatchObject({ voiceInput: true, transcriptionCredits: 2 });
  });

  it('gives the credits back when the speech server fails, or heard too long a recording', async () => {
    const c = await userWithCredits(10);
    speech.script({ status: 500 });
    const failed = await send(c, wav);
    expect(failed.status).toBe(502);
    expect(failed.json.message).toBe(
      'Your recording could not be turned into text. Please try again.',
    );
    speech.script({ text: 'a very long story', duration: 75 });
    const tooLong = await send(c, wav);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe(TRANSCRIPTION_MESSAGES.tooLong);
    speech.script({ text: '   ' });
    const silent = await send(c, wav);
    expect(silent.status).toBe(400);
    expect(silent.json.message).toBe(TRANSCRIPTION_MESSAGES.nothingHeard);
    expect(await creditsOf(c)).toBe(10);
  });

  it('refuses what is not a recording, too big a file and a body without a file, asking nothing', async () => {
    const c = await userWithCredits(10);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notAudio = await send(c, png, 'recording.webm', 'audio/webm');
    expect(notAudio.status).toBe(400);
    expect(notAudio.json.message).toBe(TRANSCRIPTION_MESSAGES.notAudio);
    const big = await send(c, Buffer.concat([wav, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(TRANSCRIPTION_MESSAGES.tooBig);
    const json = await c.post('/api/transcriptions', { file: 'hello' });
    expect(json.status).toBe(400);
    expect(json.json.message).toBe('Send the recording as multipart form data.');
    const otherField = await c.upload('/api/transcriptions', wav, 'a.wav', 'audio/wav', 'audio');
    expect(otherField.status).toBe(400);
    expect(speech.received).toHaveLength(0);
    expect(await creditsOf(c)).toBe(10);
  });

  it('is refused without credits left, and to the signed out', async () => {
    const c = await userWithCredits(1);
    const poor = await send(c, wav);
    expect(poor.status).toBe(403);
    const signedOut = await t.client().upload('/api/transcriptions', wav, 'a.wav', 'audio/wav');
    expect(signedOut.status).toBe(401);
    expect(speech.received).toHaveLength(0);
  });

  it('is paused with replies for maintenance when it costs credits, asking nothing', async () => {
    const pause = await maintenanceSwitch(t);
    const c = await userWithCredits(10);
    await pause(true);
    try {
      const paused = await send(c, wav);
      expect(paused.status).toBe(503);
      expect(paused.json.message).toBe(DEFAULT_MAINTENANCE_MESSAGE);
      expect(speech.received).toHaveLength(0);
      expect(await creditsOf(c)).toBe(10);
    } finally {
      await pause(false);
    }
    expect((await send(c, wav)).status).toBe(200);
  });

  it('says voice input is not configured without STT_MODEL, and the site status offers none', async () => {
    const c = await bare.signedInUser();
    const res = await c.upload('/api/transcriptions', wav, 'a.wav', 'audio/wav');
    expect(res.status).toBe(503);
    expect(res.json.message).toBe('Voice input is not configured');
    expect((await c.get('/api/site/status')).json.features).toMatchObject({
      voiceInput: false,
      transcriptionCredits: 0,
    });
  });

  it('is rate limited per user', async () => {
    const c = await userWithCredits(0);
    const tiny = Buffer.from('not audio at all');
    for (let i = 0; i < 120; i++) expect((await send(c, tiny)).status).toBe(400);
    const limited = await send(c, tiny);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe(
      'You have sent many recordings in a short time. Please try again later.',
    );
  });
});
