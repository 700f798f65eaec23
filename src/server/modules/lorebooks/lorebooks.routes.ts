import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LOREBOOK_LIMITS } from '../../../shared/lorebooks/contract';
import * as endpoints from '../../../shared/lorebooks/endpoints';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { route } from '../../http/route';
import * as service from './lorebooks.service';

const MB = LOREBOOK_LIMITS.fileMaxBytes / (1024 * 1024);

/** A character's lorebook (issue 47 part 3): read, replaced, and added to from a file. */
export async function registerLorebookRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LOREBOOK_LIMITS.fileMaxBytes, files: 1, fields: 2, parts: 3 },
    });

    await route(scope, ctx, endpoints.getLorebook, async (request, _reply, user) =>
      service.getLorebook(ctx, user.id, request.params.id),
    );

    await route(
      scope,
      ctx,
      endpoints.putLorebook,
      async (request, _reply, user) =>
        service.putLorebook(ctx, user.id, request.params.id, request.body.lorebook),
      // 500 entries of 8000 characters: more than the server's 1 MB, as much as an import.
      { bodyLimit: LOREBOOK_LIMITS.fileMaxBytes },
    );

    await route(scope, ctx, endpoints.importLorebook, async (request, _reply, user) => {
      if (!request.isMultipart()) throw badRequest('Send the lorebook as multipart form data.');
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
          throw new HttpError(
            413,
            `This file is over ${MB} MB. Reverie imports lorebooks up to ${MB} MB.`,
          );
        }
        // Malformed multipart bodies (no boundary, cut off…) are the client's problem.
        throw badRequest('The upload could not be read. Please try again.');
      }
      return service.importLorebook(ctx, user.id, request.params.id, { bytes, fileName });
    });
  });
}
