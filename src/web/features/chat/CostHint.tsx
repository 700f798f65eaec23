import { useCredits } from '../chat-data/api';
import { formatCount } from '../../../shared/format-count';
import { useReplyCost } from './reply-cost';

/**
 * What sending costs, shown before it is spent: '1 message' (or the conversation's model's
 * price), and how many are left. At zero the count stands out (the credits badge beside the
 * chat offers the plans).
 */
export function CostHint({ action }: { action: 'reply' | 'choice' }) {
  const left = useCredits().data;
  const cost = useReplyCost();
  return (
    <p className="text-center text-[11px] leading-4 text-muted" data-testid="cost-hint">
      Each {action} costs {cost}
      {left !== undefined && (
        <>
          {' · '}
          <span className={left === 0 ? 'font-semibold text-warning' : undefined}>
            {formatCount(left)} left
          </span>
        </>
      )}
    </p>
  );
}
