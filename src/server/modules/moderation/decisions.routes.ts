import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/reports/endpoints';
import { REPORT_NOT_FOUND } from '../../../shared/reports/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { decideReport, reverseDecision } from './decisions.service';
import { reportDetail } from './reports.service';

/**
 * A report's decision and a decision's reversal (issue 49): staff writes, each answering the
 * report's page; route() writes the audit row with the body's `note` as the reason.
 */
export async function registerDecisionRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.decideReport, async (request, _reply, staff) => {
    await decideReport(ctx, staff, request.headers, request.params.reportId, request.body);
    return reportDetail(ctx, request.params.reportId);
  });
  await route(app, ctx, endpoints.reverseDecision, async (request, _reply, staff) => {
    const reportId = await reverseDecision(
      ctx,
      staff,
      request.headers,
      request.params.decisionId,
      request.body,
    );
    // The reporter's account deleted since: the decision is reversed, its report is no more.
    if (reportId === null) throw notFound(REPORT_NOT_FOUND);
    return reportDetail(ctx, reportId);
  });
}
