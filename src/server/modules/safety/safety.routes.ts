import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationParams } from '../../../shared/chat/contract';
import {
  HOLD_NOT_FOUND,
  noticeListResponse,
  safetyHoldListQuery,
  safetyHoldListResponse,
  safetyHoldReviewRequest,
  safetyHoldSchema,
  safetyReportQuery,
  safetyReportResponse,
  safetyResourcesResponse,
  safetyStatusResponse,
} from '../../../shared/safety/contract';
import type { AppContext } from '../../context';
import { getSessionUser, requireUser } from '../../plugins/session';
import {
  listHolds,
  listNotices,
  requireStaff,
  reviewHold,
  safetyReport,
  safetyStatus,
} from './safety.service';

/** The paused account a review is about: a user id, or nothing that can exist (404). */
const holdParams = z.object({
  userId: z.string({ error: HOLD_NOT_FOUND }).min(1, HOLD_NOT_FOUND).max(100, HOLD_NOT_FOUND),
});

export async function registerSafetyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (request: FastifyRequest) => requireUser(ctx.sessions, request);
  // Checked before the query or body is: to anyone but staff (signed out too) the staff routes
  // are not there at all, whatever they send.
  const staffOnly = {
    preValidation: async (request: FastifyRequest) => void (await staff(request)),
  };
  const staff = async (request: FastifyRequest) => {
    const found = await getSessionUser(ctx.sessions, request);
    requireStaff(ctx, found);
    return found!;
  };

  r.get(
    '/api/conversations/:id/notices',
    { schema: { params: conversationParams, response: { 200: noticeListResponse } } },
    async (request) => listNotices(ctx, (await user(request)).id, request.params.id),
  );

  r.get(
    '/api/safety/status',
    { schema: { response: { 200: safetyStatusResponse } } },
    async (request) => safetyStatus(ctx, (await user(request)).id),
  );

  // Public: the /safety page publishes the protocol and the services it refers to.
  r.get(
    '/api/safety/resources',
    { schema: { response: { 200: safetyResourcesResponse } } },
    async () => ({
      resources: ctx.config.safety.crisisResources,
      aiNoticeEveryMinutes: ctx.config.safety.aiNoticeEveryMinutes,
    }),
  );

  r.get(
    '/api/admin/safety-report',
    {
      ...staffOnly,
      schema: { querystring: safetyReportQuery, response: { 200: safetyReportResponse } },
    },
    async (request) => safetyReport(ctx, request.query),
  );

  r.get(
    '/api/admin/safety-holds',
    {
      ...staffOnly,
      schema: { querystring: safetyHoldListQuery, response: { 200: safetyHoldListResponse } },
    },
    async (request) => listHolds(ctx, request.query.status),
  );

  r.post(
    '/api/admin/safety-holds/:userId/review',
    {
      ...staffOnly,
      schema: {
        params: holdParams,
        body: safetyHoldReviewRequest,
        response: { 200: safetyHoldSchema },
      },
    },
    async (request) => {
      const reviewer = await staff(request);
      return reviewHold(ctx, reviewer.id, request.params.userId, request.body);
    },
  );
}
