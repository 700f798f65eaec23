import type { FastifyInstance } from 'fastify';
import { PICTURE_MESSAGES } from '../../../shared/pictures/contract';
import * as endpoints from '../../../shared/pictures/endpoints';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { findAttachment } from './picture.repo';
import { requestPicture } from './picture.service';

/** Pictures in chat (issue 50 part 3): asked for, then read by their owner. */
export async function registerPictureRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.requestPicture, async (request, _reply, user) =>
    requestPicture(ctx, user.id, request.params.id, request.body?.prompt),
  );

  await route(app, ctx, endpoints.messageAttachment, async (request, reply, user) => {
    const { messageId, index } = request.params;
    const found = await findAttachment(ctx.db, user.id, messageId, index);
    const data = found ? await ctx.avatarStorage.get(found.key) : null;
    if (!data) throw notFound(PICTURE_MESSAGES.notFound);
    // The file under this address never changes; only its owner's browser keeps it.
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(data);
  });
}
