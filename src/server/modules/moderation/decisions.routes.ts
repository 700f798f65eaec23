import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/reports/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { decisionsAbout } from './decisions.repo';
import { decideReport, reverseDecision } from './decisions.service';
import { reportDetail } from './reports.service';

/**
 * A report's decision and a decision's reversal (issue 49): staff writes, each answering the
 * report's page; route() writes the audit row with the body's `note` as the reason. A user's
 * decisions, for their page in the console (a decision whose report went with its reporter).
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
    return { decisionId: request.params.decisionId, reportId };
  });
  await route(app, ctx, endpoints.listUserDecisions, async (request) => ({
    decisions: await decisionsAbout(ctx.db, request.params.userId),
  }));
}
