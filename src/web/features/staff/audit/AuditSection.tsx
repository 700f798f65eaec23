import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { listAudit } from '../../../../shared/staff/endpoints';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form';
import { call } from '../../../lib/api';
import { messageOf, useReportAccess } from '../console/access';
import { AuditEntries } from './AuditEntries';

const PAGE = 50;

/** The audit log, newest first, a page at a time ("Older"), optionally about one user. */
export function AuditSection() {
  const [typed, setTyped] = useState('');
  const [userId, setUserId] = useState('');
  const log = useInfiniteQuery({
    queryKey: ['staff', 'audit', userId],
    queryFn: ({ pageParam }) =>
      call(listAudit, {
        query: {
          limit: PAGE,
          ...(pageParam ? { before: pageParam } : {}),
          ...(userId ? { userId } : {}),
        },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
  useReportAccess(log);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUserId(typed.trim());
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="staff-audit-user" className="sr-only">
          User id
        </label>
        <Input
          id="staff-audit-user"
          placeholder="Filter by user id"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="h-11"
        />
        <Button type="submit" className="h-11">
          Filter
        </Button>
      </form>
      {log.isPending ? (
        <p className="text-muted">Loading the audit log...</p>
      ) : log.isError && !log.data ? (
        <p role="alert" className="text-error">
          {messageOf(log.error)}
        </p>
      ) : (
        <>
          <AuditEntries entries={log.data.pages.flatMap((p) => p.entries)} />
          {log.isFetchNextPageError && (
            <p role="alert" className="text-error">
              {messageOf(log.error)}
            </p>
          )}
          {log.hasNextPage && (
            <Button
              variant="secondary"
              className="h-11"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              Older
            </Button>
          )}
        </>
      )}
    </div>
  );
}
