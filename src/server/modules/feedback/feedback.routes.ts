import type { FastifyInstance } from 'fastify';
import { sendFeedback } from '../../../shared/feedback/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { recordFeedback } from './feedback.service';

/**
 * Thumbs up/down on a reply. The message pair is stored: it is the one piece of conversation
 * content staff may review (see the privacy policy).
 */
export async function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, sendFeedback, async (request, reply, user) => {
    await recordFeedback(ctx, user.id, request.body);
    return reply.status(201).send({ success: true as const });
  });
}
