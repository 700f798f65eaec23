import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserPage } from '../../../../shared/staff/contract';
import { messageOf } from '../console/access';
import { formatDate, formatDateTime } from '../format';
import { CreditHistory, SessionList } from './UserHistory';
import { UserActions } from './UserActions';
import { UserDecisions } from './UserDecisions';
import { useUserPage } from './users-api';

/**
 * One account: plan, credits and their history, activity, counts, moderation decisions, sessions,
 * and the actions.
 */
export function UserDetail({ userId }: { userId: string }) {
  const page = useUserPage(userId);
  return (
    <div className="space-y-6">
      <Link
        href="/admin/users"
        className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden /> All users
      </Link>
      {page.isPending ? (
        <p className="text-muted">Loading the account...</p>
      ) : page.isError ? (
        <p role="alert" className="text-error">
          {messageOf(page.error)}
        </p>
      ) : (
        <UserFacts user={page.data} />
      )}
    </div>
  );
}

function UserFacts({ user }: { user: UserPage }) {
  return (
    <>
      <div>
        <h3 className="text-lg font-bold break-all">{user.email}</h3>
        <p className="text-muted">
          {user.name || 'No name'} · {user.role}
          {user.suspended && (
            <span className="font-semibold text-danger">
              {' '}
              · Suspended{user.suspensionReason ? `: ${user.suspensionReason}` : ''}
            </span>
          )}
        </p>
      </div>
      <UserActions user={user} />
      <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2">
        <Fact term="Credits left">
          <span data-testid="staff-user-credits">{user.credits.left}</span>
        </Fact>
        <Fact term="Plan">
          {user.plan.id}
          {user.plan.renewsAt ? `, renews ${formatDate(user.plan.renewsAt)}` : ''}
        </Fact>
        <Fact term="Allowance starts again">{formatDate(user.plan.nextResetAt)}</Fact>
        <Fact term="Signed up">{formatDateTime(user.createdAt)}</Fact>
        <Fact term="Last active">{formatDateTime(user.lastActiveAt)}</Fact>
        <Fact term="E-mail verified">{user.emailVerified ? 'Yes' : 'No'}</Fact>
        <Fact term="Two-factor">{user.twoFactorEnabled ? 'On' : 'Off'}</Fact>
        <Fact term="Characters, conversations, messages">
          {user.counts.characters}, {user.counts.conversations}, {user.counts.messages}
        </Fact>
      </dl>
      <CreditHistory user={user} />
      <UserDecisions userId={user.id} />
      <SessionList sessions={user.sessions} />
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted uppercase">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
