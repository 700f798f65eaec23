import {
  TRANSCRIPTION_MAX_SECONDS,
  TRANSCRIPTION_MESSAGES,
  type Transcription,
} from '../../../shared/voice/contract';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { TRANSCRIPTION_NOT_CONFIGURED } from '../../integrations/llm';
import { refundCharge, settleCharge, takeCredit } from '../credits';
import { sniffAudio } from './audio-kind';

/** A little over the limit: a recorder stopped at 60 s writes a few frames past it. */
const DURATION_GRACE_SECONDS = 1.5;

/**
 * Whether a recording may be sent now, asked before its upload is read (a refusal then costs the
 * user no upload): 503 when voice input is not configured, or when it costs credits while
 * replies are paused for maintenance (decision 0059).
 */
export async function transcriptionOpen(ctx: AppContext): Promise<void> {
  if (!ctx.transcriber.configured) throw new HttpError(503, TRANSCRIPTION_NOT_CONFIGURED);
  if ((ctx.config.transcription?.credits ?? 0) > 0) await ctx.site.refuseWhilePaused();
}

/**
 * A recording turned into text (issue 50): checked to be audio, paid for when the operator set
 * TRANSCRIPTION_CREDITS (given back if it fails or is too long), sent to the speech-to-text
 * endpoint. Nothing of it is stored or logged: the words go back to the composer only.
 */
export async function transcribeRecording(
  ctx: AppContext,
  userId: string,
  bytes: Buffer,
): Promise<Transcription> {
  await transcriptionOpen(ctx);
  const kind = sniffAudio(bytes);
  if (!kind) throw badRequest(TRANSCRIPTION_MESSAGES.notAudio);
  const price = ctx.config.transcription?.credits ?? 0;
  const chargeId = price > 0 ? await takeCredit(ctx, userId, null, price) : null;
  try {
    const { text, durationSeconds } = await ctx.transcriber.transcribe({
      bytes,
      fileName: `recording.${kind.extension}`,
      contentType: kind.type,
    });
    if (
      durationSeconds !== undefined &&
      durationSeconds > TRANSCRIPTION_MAX_SECONDS + DURATION_GRACE_SECONDS
    )
      throw badRequest(TRANSCRIPTION_MESSAGES.tooLong);
    if (text === '') throw badRequest(TRANSCRIPTION_MESSAGES.nothingHeard);
    if (chargeId !== null) await settleCharge(ctx, chargeId);
    return { text };
  } catch (error) {
    if (chargeId !== null) await refundCharge(ctx, chargeId);
    throw error;
  }
}
