import { createHash, randomUUID } from 'node:crypto';
import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import { SPEECH_MESSAGES, VOICE_SAMPLE_TEXT, type Voices } from '../../../shared/voice/contract';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../errors';
import { removeRecordedFiles, storeFileBeforeRow } from '../avatars';
import { refundCharge, settleCharge, takeCredit } from '../credits';
import { findMessageToSpeak, findSpeech, replaceSpeech } from './speech.repo';
import { spokenPieces, spokenText } from './spoken-text';

type SpeechConfig = NonNullable<AppContext['config']['speech']>;
type Audio = AsyncIterable<Uint8Array>;

/**
 * A message's audio: kept from before (its bytes), or being made (streamed as it comes; `leave`
 * when the listener has gone before its end).
 */
export type MessageAudio =
  { kind: 'kept'; data: Buffer } | { kind: 'streamed'; audio: Audio; leave: () => void };

function speechConfig(ctx: AppContext): SpeechConfig {
  if (!ctx.config.speech || !ctx.speaker.configured) {
    throw new HttpError(503, SPEECH_MESSAGES.notConfigured);
  }
  return ctx.config.speech;
}

/** GET /api/voices: what the pickers offer. */
export function listVoices(ctx: AppContext): Voices {
  const speech = ctx.config.speech;
  return {
    configured: speech !== undefined,
    voices: speech?.voices ?? [],
    defaultVoice: speech?.voices[0]?.id ?? null,
    speechCredits: speech?.credits ?? 0,
  };
}

/** A character's voice if the operator still offers it, else the default (TTS_VOICES' first). */
const voiceFor = (speech: SpeechConfig, chosen: string | null) =>
  chosen !== null && speech.voices.some((v) => v.id === chosen) ? chosen : speech.voices[0]!.id;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Reads the whole audio of one piece (a sentence is small), so it is ready when its turn comes. */
async function collect(audio: Promise<Audio>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await audio) chunks.push(chunk);
  return chunks;
}

/**
 * POST /api/messages/{id}/speech: the message read aloud in its character's voice. Kept audio of
 * the same words and voice is answered as it is (no provider, no credit). Otherwise the first
 * sentence is asked for before answering (a refusal is a JSON error, and the credit comes back),
 * then the audio streams: while one sentence plays the next is made, in order. Once all of it is
 * sent it is kept (`message_speech`, the file in the avatars' storage) and the charge settled; a
 * stream that breaks off or a listener who leaves gets the charge back and nothing is kept. A
 * listener who leaves (`leave`, from the route) stops the sentence being made at once, so the
 * charge comes back then, not once that sentence is done.
 */
export async function speakMessage(
  ctx: AppContext,
  userId: string,
  messageId: number,
): Promise<MessageAudio> {
  const speech = speechConfig(ctx);
  const found = await findMessageToSpeak(ctx.db, userId, messageId);
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  if (found.sender !== 'ai') throw badRequest(SPEECH_MESSAGES.notCharacterMessage);
  const spoken = found.moderatedAt === null ? spokenText(found.content) : '';
  if (spoken === '') throw badRequest(SPEECH_MESSAGES.nothingToSay);
  const voice = voiceFor(speech, found.voice);
  const textHash = sha256(`${speech.model}\n${voice}\n${spoken}`);

  const kept = await findSpeech(ctx.db, messageId, voice);
  if (kept && kept.textHash === textHash) {
    const data = await ctx.avatarStorage.get(kept.storageKey);
    if (data) return { kind: 'kept', data };
  }

  const pieces = spokenPieces(spoken);
  // A paid read-aloud spends credits: paused with replies for maintenance (decision 0059). A kept
  // one (above) is a read and a free one spends nothing: both still play.
  if (speech.credits > 0) await ctx.site.refuseWhilePaused();
  const chargeId = speech.credits > 0 ? await takeCredit(ctx, userId, null, speech.credits) : null;
  const stop = new AbortController();
  let first: Audio;
  try {
    first = await ctx.speaker.speak(pieces[0]!, voice, { signal: stop.signal });
  } catch (error) {
    if (chargeId !== null) await refundCharge(ctx, chargeId);
    throw error;
  }

  async function* stream(): Audio {
    const sent: Uint8Array[] = [];
    let done = false;
    try {
      let current: Audio | Uint8Array[] = first;
      for (let i = 0; i < pieces.length; i += 1) {
        const next =
          i + 1 < pieces.length
            ? collect(ctx.speaker.speak(pieces[i + 1]!, voice, { signal: stop.signal }))
            : null;
        // Read later, after this piece: a failure meanwhile is not an unhandled rejection.
        next?.catch(() => undefined);
        for await (const chunk of current) {
          sent.push(chunk);
          yield chunk;
        }
        if (next) current = await next;
      }
      done = true;
      // A listener slower than the charge sweep (its charge given back while the audio was still
      // being read) heard it free once; it is not kept, so a replay is not free as well.
      const paid = chargeId === null || (await settleCharge(ctx, chargeId));
      if (paid) await keep(ctx, { messageId, voice, textHash }, Buffer.concat(sent));
    } finally {
      stop.abort();
      if (!done && chargeId !== null) await refundCharge(ctx, chargeId).catch(() => undefined);
    }
  }
  // The stream's `finally` gives the charge back; Fastify reads a stream even to a listener gone
  // before its first piece (a test holds it to that).
  return { kind: 'streamed', audio: stream(), leave: () => stop.abort() };
}

/** Stores a finished read-aloud; a failure only costs the next listen a new one. */
async function keep(
  ctx: AppContext,
  speech: { messageId: number; voice: string; textHash: string },
  data: Buffer,
) {
  const storageKey = `speech-${randomUUID()}.mp3`;
  try {
    const replaced = await storeFileBeforeRow(
      ctx,
      { key: storageKey, data, contentType: 'audio/mpeg' },
      () => replaceSpeech(ctx.db, { ...speech, storageKey, byteSize: data.length }),
    );
    await removeRecordedFiles(ctx, replaced);
  } catch (err) {
    // The message deleted meanwhile (its key is gone), or storage refusing: the file was removed.
    ctx.log.warn({ err }, 'a read-aloud was not kept');
  }
}

/** Samples being made on this server, so that a burst of clicks makes one. */
const making = new Map<string, Promise<Buffer>>();

/** GET /api/voices/{voice}/sample: VOICE_SAMPLE_TEXT in that voice, made once and kept. */
export async function voiceSample(ctx: AppContext, voice: string): Promise<Buffer> {
  const speech = speechConfig(ctx);
  if (!speech.voices.some((v) => v.id === voice)) throw notFound('There is no such voice.');
  const key = `voice-sample-${sha256(`${speech.model}\n${voice}\n${VOICE_SAMPLE_TEXT}`).slice(0, 32)}.mp3`;
  const stored = await ctx.avatarStorage.get(key);
  if (stored) return stored;
  let pending = making.get(key);
  if (!pending) {
    pending = collect(ctx.speaker.speak(VOICE_SAMPLE_TEXT, voice)).then(async (chunks) => {
      const data = Buffer.concat(chunks);
      // Another server may have stored it first: the same sentence, the same voice.
      await ctx.avatarStorage.put(key, data, 'audio/mpeg').catch(() => undefined);
      return data;
    });
    making.set(key, pending);
    void pending.finally(() => making.delete(key)).catch(() => undefined);
  }
  return pending;
}
