import { Link } from 'wouter';
import type { AuditEntry } from '../../../../shared/staff/contract';
import { formatDateTime } from '../format';

/** Each entry: who, what, whom, when, why. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-muted">Nothing recorded.</p>;
  return (
    <ol aria-label="Audit log" className="divide-y divide-border rounded-xl border border-border">
      {entries.map((e) => (
        <li
          key={e.id}
          className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4"
        >
          <time dateTime={e.at} className="text-muted">
            {formatDateTime(e.at)}
          </time>
          <div className="min-w-0 space-y-0.5">
            <p className="break-words">
              <span className="font-semibold">{e.actorEmail ?? e.actorId}</span>
              {e.actorRole && <span className="text-muted"> ({e.actorRole})</span>}{' '}
              <code className="rounded bg-surface px-1">{e.action}</code>
              {e.targetUserId && (
                <>
                  {' '}
                  on{' '}
                  <Link
                    href={`/admin/users/${encodeURIComponent(e.targetUserId)}`}
                    className="underline"
                  >
                    {e.targetUserId}
                  </Link>
                </>
              )}
            </p>
            {e.reason && <p className="break-words text-muted">Why: {e.reason}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
