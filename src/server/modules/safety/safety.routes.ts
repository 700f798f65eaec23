import type { FastifyInstance } from 'fastify';
import * as adminEndpoints from '../../../shared/safety/admin-endpoints';
import * as userEndpoints from '../../../shared/safety/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { listHolds, listNotices, reviewHold, safetyReport, safetyStatus } from './safety.service';

const endpoints = { ...userEndpoints, ...adminEndpoints };

export async function registerSafetyRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listNotices, async (request, _reply, user) =>
    listNotices(ctx, user.id, request.params.id),
  );

  await route(app, ctx, endpoints.safetyStatus, async (_request, _reply, user) =>
    safetyStatus(ctx, user.id),
  );

  // Public: the /safety page publishes the protocol and the services it refers to.
  await route(app, ctx, endpoints.safetyResources, async () => ({
    resources: ctx.config.safety.crisisResources,
    aiNoticeEveryMinutes: ctx.config.safety.aiNoticeEveryMinutes,
  }));

  // Staff only, checked before the query or body is: to anyone else (signed out too) these
  // routes are not there at all, whatever they send (http/route.ts).
  await route(app, ctx, endpoints.safetyReport, async (request) =>
    safetyReport(ctx, request.query),
  );

  await route(app, ctx, endpoints.listSafetyHolds, async (request) =>
    listHolds(ctx, request.query.status),
  );

  await route(app, ctx, endpoints.reviewSafetyHold, async (request, _reply, reviewer) =>
    reviewHold(ctx, reviewer.id, request.params.userId, request.body),
  );
}
