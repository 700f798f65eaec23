import { ChevronsUpDown } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { lazyEntries, Menu } from '../../components/ui/menu';
import type { SessionUser } from '../auth/session';
import { useCredits } from '../chat-data/api';

// Its rows (what they do, say and show) load with the menu's Radix part, not with the page.
const rows = () => import('./user-menu-entries').then((m) => m.userMenuEntries);

/** Name, e-mail address and the account actions, at the foot of the sidebar. */
export function UserMenu({
  user,
  displayName,
  onOpenProfile,
  onOpenTheme,
}: {
  user: SessionUser;
  displayName: string;
  onOpenProfile: () => void;
  onOpenTheme: () => void;
}) {
  const [, navigate] = useLocation();
  const credits = useCredits();
  const ids = useId();
  return (
    <Menu
      trigger={{
        className: 'flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-hover',
        'data-testid': 'user-menu-trigger',
        // Named by the user's name, described by the address: a whole address in the name would
        // make it answer to words such as 'Assistant' in 'assistant.jo@…' (speech input).
        'aria-labelledby': `${ids}-name ${ids}-open`,
        'aria-describedby': `${ids}-email`,
        children: (
          <>
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-strong font-bold text-on-accent"
            >
              {displayName.charAt(0).toUpperCase()}
            </span>
            <span className="min-w-0 flex-1">
              <span id={`${ids}-name`} className="block truncate text-sm font-semibold">
                {displayName}
              </span>
              {/* The whole address, wrapped where it must be (a user test found the spec's
                  masked 'mar...ux@' unrecognisable): nothing of it is hidden at 375 px either. */}
              <span id={`${ids}-email`} className="block text-xs wrap-anywhere text-muted">
                {user.email}
              </span>
            </span>
            <ChevronsUpDown className="size-4 text-muted" aria-hidden />
            <span id={`${ids}-open`} className="sr-only">
              Open user menu
            </span>
          </>
        ),
      }}
      side="top"
      align="start"
      sideOffset={8}
      contentClassName="w-64"
      entries={lazyEntries(rows, {
        credits: credits.data,
        navigate,
        onOpenProfile,
        onOpenTheme,
      })}
    />
  );
}
