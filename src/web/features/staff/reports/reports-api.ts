import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecisionRequest, ReportDetail } from '../../../../shared/reports/contract';
import * as reports from '../../../../shared/reports/endpoints';
import { call } from '../../../lib/api';
import { useStaffQuery } from '../console/access';

export type QueueStatus = 'open' | 'closed';

const reportKey = (reportId: number) => ['staff', 'report', reportId] as const;

export const useReportQueue = (status: QueueStatus) =>
  useStaffQuery(['reports', status], () => call(reports.listReports, { query: { status } }));

export const useReport = (reportId: number) =>
  useStaffQuery(['report', reportId], () => call(reports.getReport, { params: { reportId } }));

/**
 * A write about one report: a decision answers the report's page as it now stands, a reversal
 * which report it reopened; the page, the queue (both tabs: the report moved), a user's
 * decisions and the audit log read again.
 */
function useModerationWrite<V, R>(
  write: (vars: V) => Promise<R>,
  shown?: { reportId: number; detail: (answer: R) => ReportDetail },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (shown) client.setQueryData(reportKey(shown.reportId), shown.detail(answer));
      return Promise.all(
        [['report'], ['reports'], ['user-decisions'], ['audit']].map((key) =>
          client.invalidateQueries({ queryKey: ['staff', ...key] }),
        ),
      );
    },
  });
}

export const useDecideReport = (reportId: number) =>
  useModerationWrite(
    (body: DecisionRequest) => call(reports.decideReport, { params: { reportId }, body }),
    { reportId, detail: (detail) => detail },
  );

/** An admin's reversal, from a report's page or a user's. */
export const useReverseDecision = () =>
  useModerationWrite(({ decisionId, note }: { decisionId: number; note: string }) =>
    call(reports.reverseDecision, { params: { decisionId }, body: { note } }),
  );

/** The decisions about one user (their page in the console). */
export const useUserDecisions = (userId: string) =>
  useStaffQuery(['user-decisions', userId], () =>
    call(reports.listUserDecisions, { params: { userId } }),
  );
