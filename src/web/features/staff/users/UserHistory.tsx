import type { UserPage } from '../../../../shared/staff/contract';
import { formatDateTime } from '../format';

/** Credits staff gave or took, and the replies paid for per day. */
export function CreditHistory({ user }: { user: UserPage }) {
  const { grants, repliesPerDay } = user.credits;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <h3 className="font-bold">Credits given or taken</h3>
        {grants.length === 0 ? (
          <p className="mt-2 text-sm text-muted">None yet.</p>
        ) : (
          <ul aria-label="Credit grants" className="mt-2 space-y-2 text-sm">
            {grants.map((g) => (
              <li key={g.id} className="rounded-lg border border-border px-3 py-2">
                <span className={`font-semibold ${g.amount < 0 ? 'text-danger' : ''}`}>
                  {g.amount > 0 ? `+${g.amount}` : g.amount}
                </span>{' '}
                <span className="text-muted">{formatDateTime(g.createdAt)}</span>
                <span className="block break-words">{g.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-bold">Replies per day (30 days)</h3>
        {repliesPerDay.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No replies.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="text-left text-muted">
              <tr>
                <th className="py-1 font-medium">Day (UTC)</th>
                <th className="py-1 text-right font-medium">Replies</th>
              </tr>
            </thead>
            <tbody>
              {repliesPerDay.map((d) => (
                <tr key={d.day} className="border-t border-border">
                  <td className="py-1">{d.day}</td>
                  <td className="py-1 text-right">{d.replies}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

/** The account's sessions as stored (no tokens). */
export function SessionList({ sessions }: { sessions: UserPage['sessions'] }) {
  return (
    <div>
      <h3 className="font-bold">Sessions ({sessions.length})</h3>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Signed out everywhere.</p>
      ) : (
        <ul aria-label="Sessions" className="mt-2 space-y-2 text-sm">
          {sessions.map((s) => (
            <li
              key={`${s.createdAt}-${s.expiresAt}`}
              className="rounded-lg border border-border px-3 py-2"
            >
              <span className="block break-words">{s.userAgent || 'Unknown browser'}</span>
              <span className="text-muted">
                {s.ipAddress ?? 'no address'} · last seen {formatDateTime(s.lastSeenAt)} · ends{' '}
                {formatDateTime(s.expiresAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
