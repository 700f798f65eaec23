import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/character-cards/endpoints';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { route } from '../../http/route';
import { storeAvatar } from '../avatars';
import { CARD_LIMITS, CARD_MESSAGES, CardError } from './card-limits';
import { readCardDraft } from './card-read';

export async function registerCharacterCardRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CARD_LIMITS.fileMaxBytes, files: 1, fields: 2, parts: 3 },
    });
    await route(scope, ctx, endpoints.readCharacterCard, async (request, _reply, user) => {
      if (!request.isMultipart()) throw badRequest('Send the card as multipart form data.');
      let bytes: Buffer;
      let fileName: string;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') throw badRequest('No file was uploaded.');
        fileName = file.filename;
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new CardError(CARD_MESSAGES.fileTooBig, 413);
        }
        // Malformed multipart bodies (no boundary, cut off…) are the client's problem.
        throw badRequest('The upload could not be read. Please try again.');
      }

      const { draft, lorebook, image, warnings } = readCardDraft(bytes, fileName);
      let avatarUploadId: string | null = null;
      if (image) {
        // Today's upload pipeline: checked, re-encoded without metadata, stored as the user's
        // (unused until a character shows it; swept after a day otherwise).
        try {
          avatarUploadId = (await storeAvatar(ctx, user.id, image)).fileName;
        } catch (error) {
          // The card is fine without its picture: the form lets the user choose another.
          if (!(error instanceof HttpError)) throw error;
          warnings.push(
            error.statusCode === 413
              ? 'The card’s image is over 5 MB, so it was not used as the avatar.'
              : 'The card’s image could not be read, so it was not used as the avatar.',
          );
        }
      }
      return { draft, lorebook, avatarUploadId, warnings };
    });
  });
}
