import type { FastifyInstance } from 'fastify';
import { TRANSCRIPTION_MAX_BYTES, TRANSCRIPTION_MESSAGES } from '../../../shared/voice/contract';
import * as endpoints from '../../../shared/voice/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import { transcribeRecording } from './transcription.service';

/** Voice (issue 50): recordings into text for the composer. */
export async function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  await uploadScope(app, TRANSCRIPTION_MAX_BYTES, async (scope) => {
    await route(scope, ctx, endpoints.transcribe, async (request, _reply, user) => {
      const { bytes } = await uploadedFile(request, {
        what: 'recording',
        tooBig: TRANSCRIPTION_MESSAGES.tooBig,
      });
      return transcribeRecording(ctx, user.id, bytes);
    });
  });
}
