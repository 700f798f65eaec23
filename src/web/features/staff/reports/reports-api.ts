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
 * A write about one report: its answer is the report's page as it now stands; the queue (both
 * tabs: the report moved) and the audit log read again.
 */
function useReportWrite<V>(reportId: number, write: (vars: V) => Promise<ReportDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      client.setQueryData(reportKey(reportId), detail);
      return Promise.all([
        client.invalidateQueries({ queryKey: reportKey(reportId) }),
        client.invalidateQueries({ queryKey: ['staff', 'reports'] }),
        client.invalidateQueries({ queryKey: ['staff', 'audit'] }),
      ]);
    },
  });
}

export const useDecideReport = (reportId: number) =>
  useReportWrite(reportId, (body: DecisionRequest) =>
    call(reports.decideReport, { params: { reportId }, body }),
  );

export const useReverseDecision = (reportId: number) =>
  useReportWrite(reportId, ({ decisionId, note }: { decisionId: number; note: string }) =>
    call(reports.reverseDecision, { params: { decisionId }, body: { note } }),
  );
