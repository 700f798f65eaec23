import { z } from 'zod';

/**
 * GET /api/health, for load balancers and uptime checks: 200 healthyResponse while the database
 * answers, 503 unhealthyResponse when it does not.
 */
export const healthyResponse = z.object({ status: z.literal('ok') });
export const unhealthyResponse = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
});

/**
 * GET /api/ready: 200 readyResponse while the server takes new requests; 503 notReadyResponse
 * while it stops (`draining`) or its database does not answer (`unavailable`).
 */
export const readyResponse = z.object({ status: z.literal('ready') });
export const notReadyResponse = z.object({
  status: z.enum(['draining', 'unavailable']),
  message: z.string(),
});
