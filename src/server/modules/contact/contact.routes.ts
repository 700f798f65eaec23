import type { FastifyInstance } from 'fastify';
import { sendContactMessage } from '../../../shared/contact/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { getSessionUser } from '../../plugins/session';
import { submitContactMessage } from './contact.service';

export async function registerContactRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(
    app,
    ctx,
    sendContactMessage,
    async (request, reply) => {
      const user = await getSessionUser(ctx.sessions, request);
      await submitContactMessage(ctx, user?.id ?? null, request.body);
      return reply.status(201).send({ success: true });
    },
    { bodyLimit: 32 * 1024 },
  );
}
