import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportRequest } from '../../../shared/reports/contract';
import { createReport, listMyReports } from '../../../shared/reports/endpoints';
import { call } from '../../lib/api';

/** The user's reports and what moderation removed of theirs (Account → Reports). */
export const myReportsQuery = queryOptions({
  queryKey: [listMyReports.path],
  queryFn: () => call(listMyReports),
});

/** Sends a report; the user's list of reports is read again. */
export function useSendReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRequest) => call(createReport, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: myReportsQuery.queryKey }),
  });
}
