import { useCredits } from '../chat-data/api';
import { formatCount } from '../../../shared/format-count';

/** What a reply costs, as every cost is written (the unit users see is messages). */
export const REPLY_COST = '1 message';

/**
 * What sending costs, shown before it is spent: '1 message', and how many are left. At zero the
 * count stands out (the credits badge beside the chat offers the plans).
 */
export function CostHint({ action }: { action: 'reply' | 'choice' }) {
  const left = useCredits().data;
  return (
    <p className="text-center text-[11px] leading-4 text-muted" data-testid="cost-hint">
      Each {action} costs {REPLY_COST}
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
