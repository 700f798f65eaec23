import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** Whether the Authorization header carries `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answered request by its route's pattern (`/api/conversations/:id`, never the
 * path itself, so ids do not multiply the series; unmatched paths are one `unmatched`), and
 * serves `GET /metrics` when METRICS_TOKEN is set: with `Authorization: Bearer <token>`, the
 * Prometheus text; without it, or with METRICS_TOKEN unset, the same 404 as any unknown path,
 * so the endpoint's existence is not told.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    metrics.requests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      return reply.status(404).send({ message: 'Not found' });
    }
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
