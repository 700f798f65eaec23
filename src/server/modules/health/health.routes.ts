import type { FastifyInstance } from 'fastify';
import { health, ready } from '../../../shared/health/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';

/** What both checks answer while the database does not. */
const DATABASE_AWAY = { status: 'unavailable', message: 'The database is not answering.' } as const;

export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, health, async (_request, reply) => {
    if (await ctx.pingDatabase()) return { status: 'ok' as const };
    return reply.status(503).send(DATABASE_AWAY);
  });

  await route(app, ctx, ready, async (_request, reply) => {
    if (ctx.lifecycle.draining) {
      return reply.status(503).send({ status: 'draining', message: 'This server is stopping.' });
    }
    if (await ctx.pingDatabase()) return { status: 'ready' as const };
    return reply.status(503).send(DATABASE_AWAY);
  });
}
