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
