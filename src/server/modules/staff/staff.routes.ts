import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/staff/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { auditPage } from './audit.repo';
import { searchUsers } from './users.repo';
import { changeCredits, revokeSessions, setSuspension, userPage } from './users.service';

/**
 * The staff console's own routes. Who may call them, the 403 without two-factor and the audit
 * row of every call are http/route.ts's (`needs: { auth: 'staff' }`).
 */
export async function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listAudit, async (request) => auditPage(ctx.db, request.query));

  // The users (issue 48 part 2, decision 0056).
  await route(app, ctx, endpoints.searchUsers, async (request) => ({
    users: await searchUsers(ctx.db, request.query.query),
  }));
  await route(app, ctx, endpoints.getUserPage, async (request) =>
    userPage(ctx, request.params.userId),
  );
  await route(app, ctx, endpoints.grantUserCredits, async (request, _reply, staff) =>
    changeCredits(ctx, staff, request.params.userId, request.body),
  );
  await route(app, ctx, endpoints.setUserSuspension, async (request, _reply, staff) =>
    setSuspension(ctx, staff, request.headers, request.params.userId, request.body),
  );
  await route(app, ctx, endpoints.revokeUserSessions, async (request, _reply, staff) =>
    revokeSessions(ctx, staff, request.headers, request.params.userId),
  );
}
