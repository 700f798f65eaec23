import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', async (_request, reply) => {
    if (await ctx.pingDatabase()) return { status: 'ok' };
    return reply
      .status(503)
      .send({ status: 'unavailable', message: 'The database is not answering.' });
  });
}
