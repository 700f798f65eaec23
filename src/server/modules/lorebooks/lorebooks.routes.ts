import type { FastifyInstance } from 'fastify';
import { LOREBOOK_LIMITS } from '../../../shared/lorebooks/contract';
import * as endpoints from '../../../shared/lorebooks/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import * as service from './lorebooks.service';

const MB = LOREBOOK_LIMITS.fileMaxBytes / (1024 * 1024);

/** A character's lorebook (issue 47 part 3): read, replaced, and added to from a file. */
export async function registerLorebookRoutes(app: FastifyInstance, ctx: AppContext) {
  await uploadScope(app, LOREBOOK_LIMITS.fileMaxBytes, async (scope) => {
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
      const { bytes, fileName } = await uploadedFile(request, {
        what: 'lorebook',
        tooBig: `This file is over ${MB} MB. Reverie imports lorebooks up to ${MB} MB.`,
      });
      return service.importLorebook(ctx, user.id, request.params.id, { bytes, fileName });
    });
  });
}
