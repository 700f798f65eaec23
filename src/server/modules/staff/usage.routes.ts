import type { FastifyInstance } from 'fastify';
import { getUsage } from '../../../shared/staff/usage-endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { usageReport } from './usage.service';

/** The usage page (issue 48 part 3): a look, recorded in the audit log like every staff route. */
export async function registerUsageRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, getUsage, async (request) => usageReport(ctx, request.query));
}
