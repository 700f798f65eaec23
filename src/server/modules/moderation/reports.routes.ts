import type { FastifyInstance } from 'fastify';
import {
  createReport,
  getReport,
  listFeedback,
  listMyReports,
  listReports,
} from '../../../shared/reports/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import * as service from './reports.service';

/**
 * Reports (issue 49): users report what they can see and read their notices; staff read the
 * queue, a report's page (each opening in the audit log, as every staff look is: route.ts) and
 * the feedback users shared.
 */
export async function registerReportRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, createReport, async (request, reply, user) => {
    const { report, created } = await service.createReport(ctx, user.id, request.body);
    return reply.status(created ? 201 : 200).send(report);
  });

  await route(app, ctx, listMyReports, async (_request, _reply, user) =>
    service.myReports(ctx, user.id),
  );

  await route(app, ctx, listReports, async (request) =>
    service.reportQueue(ctx, request.query.status),
  );

  await route(app, ctx, getReport, async (request) =>
    service.reportDetail(ctx, request.params.reportId),
  );

  await route(app, ctx, listFeedback, async (request) =>
    service.feedbackList(ctx, request.query.rating),
  );
}
