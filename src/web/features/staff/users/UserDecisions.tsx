import { messageOf } from '../console/access';
import { DecisionList } from '../reports/DecisionList';
import { useUserDecisions } from '../reports/reports-api';

/**
 * The moderation decisions about this user, each with its report (or word that the report went
 * with its reporter's account): where an admin reverses one whose report is gone.
 */
export function UserDecisions({ userId }: { userId: string }) {
  const decisions = useUserDecisions(userId);
  return (
    <div>
      <h3 className="mb-2 font-bold">Moderation</h3>
      {decisions.isPending ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : decisions.isError ? (
        <p role="alert" className="text-sm text-error">
          {messageOf(decisions.error)}
        </p>
      ) : (
        <DecisionList decisions={decisions.data.decisions} />
      )}
    </div>
  );
}
