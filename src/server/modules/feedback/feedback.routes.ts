import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackRequest, feedbackResponse } from '../../../shared/feedback/contract';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import { recordFeedback } from './feedback.service';

/**
 * Thumbs up/down on a reply. The message pair is stored: it is the one piece of conversation
 * content staff may review (see the privacy policy).
 */
export async function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/feedback',
      { schema: { body: feedbackRequest, response: { 201: feedbackResponse } } },
      async (request, reply) => {
        const { id } = await requireUser(ctx.sessions, request);
        await enforce(ctx.limiter, RATE_RULES.feedbackPerUser, id);
        await recordFeedback(ctx, id, request.body);
        return reply.status(201).send({ success: true as const });
      },
    );
}
