import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/staff/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { auditPage } from './audit.repo';

/**
 * The staff console's own routes. Who may call them, the 403 without two-factor and the audit
 * row of every call are http/route.ts's (`needs: { auth: 'staff' }`).
 */
export async function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listAudit, async (request) => auditPage(ctx.db, request.query));
}
