import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TRANSCRIPTION_MAX_BYTES, TRANSCRIPTION_MESSAGES } from '../../../shared/voice/contract';
import * as endpoints from '../../../shared/voice/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import { listVoices, speakMessage, voiceSample } from './speech.service';
import { transcribeRecording, transcriptionOpen } from './transcription.service';

/** Voice (issue 50): recordings into text for the composer; messages read aloud. */
export async function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  await uploadScope(app, TRANSCRIPTION_MAX_BYTES, async (scope) => {
    await route(scope, ctx, endpoints.transcribe, async (request, _reply, user) => {
      await transcriptionOpen(ctx);
      const { bytes } = await uploadedFile(request, {
        what: 'recording',
        tooBig: TRANSCRIPTION_MESSAGES.tooBig,
      });
      return transcribeRecording(ctx, user.id, bytes);
    });
  });

  await route(app, ctx, endpoints.listVoices, async () => listVoices(ctx));

  await route(app, ctx, endpoints.voiceSample, async (request, reply) => {
    const data = await voiceSample(ctx, request.params.voice);
    return reply
      .header('content-type', 'audio/mpeg')
      .header('cache-control', 'private, max-age=86400')
      .send(data);
  });

  await route(app, ctx, endpoints.speakMessage, async (request, reply, user) => {
    const made = await speakMessage(ctx, user.id, request.params.messageId);
    // The user's own words in a voice: never kept by a shared cache.
    reply.header('content-type', 'audio/mpeg').header('cache-control', 'private, no-store');
    if (made.kind === 'kept') return reply.send(made.data);
    // A listener who stopped (or lost the connection) before the end: see speakMessage.
    const response = reply.raw;
    const closed = () => void (response.writableFinished || made.leave());
    if (response.destroyed) closed();
    else response.once('close', closed);
    // Sent as each piece arrives, so playback starts before the whole reply is spoken.
    return reply.send(Readable.from(made.audio, { objectMode: false }));
  });
}
