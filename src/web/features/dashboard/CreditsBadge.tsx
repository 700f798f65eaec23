import { Tooltip } from 'radix-ui';
import { AlertTriangle, Zap } from 'lucide-react';
import { useCredits } from '../chat/api';

/**
 * The credits count at the foot of the sidebar. Its tooltip explains it; the count itself links
 * to the plans (new tab), so the way to more messages is one click away. At zero it stands out
 * and says so plainly: nothing the user sends gets a reply until they get more.
 */
export function CreditsBadge() {
  const credits = useCredits();
  const count = credits.data;
  const empty = count === 0;
  const label =
    count === undefined
      ? 'Messages left this month'
      : `${count} ${count === 1 ? 'message' : 'messages'} left this month`;
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <a
            href="/pricing"
            target="_blank"
            rel="noopener noreferrer"
            className={
              empty
                ? 'mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-warning/60 bg-warning/10 px-3 py-2 text-sm text-fg hover:bg-warning/20'
                : 'flex items-center gap-2 rounded-lg px-2 py-1.5 text-xs text-muted hover:bg-hover hover:text-fg'
            }
            data-testid="credits-badge"
          >
            {empty ? (
              <AlertTriangle className="size-4 text-warning" aria-hidden />
            ) : (
              <Zap className="size-3.5 text-accent" aria-hidden />
            )}
            <span>
              <span className="font-semibold text-fg">{count ?? '…'}</span>{' '}
              {count === 1 ? 'message' : 'messages'} left
            </span>
            {empty && (
              <span className="font-semibold text-accent underline underline-offset-2">
                Get more messages
              </span>
            )}
            <span className="sr-only">this month. See plans (opens in a new tab)</span>
          </a>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-50 max-w-60 rounded-md border border-border bg-surface px-3 py-2 text-xs text-fg shadow-lg"
          >
            {label}. Click to see plans and get more.
            <Tooltip.Arrow className="fill-surface" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
