import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactSchema } from '../../../shared/contact/contract';
import { successResponse } from '../../../shared/responses';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { getSessionUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import { submitContactMessage } from './contact.service';

export async function registerContactRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      schema: { body: contactSchema, response: { 201: successResponse } },
      bodyLimit: 32 * 1024,
    },
    async (request, reply) => {
      await enforce(ctx.limiter, RATE_RULES.contactPerClient, request.ip);
      const user = await getSessionUser(ctx.sessions, request);
      await submitContactMessage(ctx, user?.id ?? null, request.body);
      return reply.status(201).send({ success: true });
    },
  );
}
