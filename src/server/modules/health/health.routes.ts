import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthyResponse, unhealthyResponse } from '../../../shared/health/contract';
import type { AppContext } from '../../context';

export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthyResponse, 503: unhealthyResponse } } },
      async (_request, reply) => {
        if (await ctx.pingDatabase()) return { status: 'ok' as const };
        return reply
          .status(503)
          .send({ status: 'unavailable', message: 'The database is not answering.' });
      },
    );
}
