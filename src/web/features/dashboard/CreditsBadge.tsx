import { useId } from 'react';
import { AlertTriangle, Zap } from 'lucide-react';
import { useCredits } from '../chat-data/api';

/**
 * The credits count at the foot of the sidebar. Its tooltip explains it; the count itself links
 * to the plans (new tab), so the way to more messages is one click away. At zero it stands out
 * and says so plainly: nothing the user sends gets a reply until they get more.
 *
 * The tooltip is CSS (shown on hover and keyboard focus), not Radix: the badge is on every chat
 * load, and Radix Tooltip with its positioning code is about 6 KB gzipped (decision 0018).
 */
export function CreditsBadge() {
  const credits = useCredits();
  const count = credits.data;
  const empty = count === 0;
  const label =
    count === undefined
      ? 'Messages left this month'
      : `${count} ${count === 1 ? 'message' : 'messages'} left this month`;
  const tip = useId();
  return (
    <div className="group relative">
      <a
        href="/pricing"
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={tip}
        // A finger's height (44 px) on a phone.
        className={`max-sm:min-h-11 ${
          empty
            ? 'mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-warning/60 bg-warning/10 px-3 py-2 text-sm text-fg hover:bg-warning/20'
            : 'flex items-center gap-2 rounded-lg px-2 py-1.5 text-xs text-muted hover:bg-hover hover:text-fg'
        }`}
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
      {/* Hidden (and out of the accessibility tree) until the badge is hovered or focused.
          group-[:hover], not group-hover: Tailwind's hover: applies only where the primary
          pointer can hover, and a mouse on a touch screen shows the tip as Radix's did. */}
      <span
        id={tip}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-0 z-50 mb-1.5 w-max max-w-60 rounded-md border border-border bg-surface px-3 py-2 text-xs text-fg opacity-0 shadow-lg transition-opacity group-[:hover]:visible group-[:hover]:opacity-100 group-[:hover]:delay-150 group-has-[:focus-visible]:visible group-has-[:focus-visible]:opacity-100"
      >
        {label}. Click to see plans and get more.
      </span>
    </div>
  );
}
