import { GitBranch } from 'lucide-react';
import { useRef } from 'react';
import { Menu } from '../../components/ui/menu';
import type { DisplayMessage } from './display-message';

/**
 * Where the history being read forks: a compact list of the forks the user made (of the messages
 * loaded; ForksBar.tsx picks them). Choosing one brings that message's ‹ › into view, focused, to
 * move to another branch from there.
 */
export function BranchSwitcher({
  forks,
  excerpt,
}: {
  forks: (DisplayMessage & { id: number })[];
  /** chat rules' excerpt, handed in: this lazy part shares no chunk with the first load. */
  excerpt: (text: string, length: number) => string;
}) {
  // The fork chosen: the focus goes there when the menu closes, not back to the menu's button.
  const chosen = useRef<number | null>(null);
  if (forks.length === 0) return null;
  const count = `${forks.length} ${forks.length === 1 ? 'fork' : 'forks'}`;
  return (
    <Menu
      trigger={{
        className:
          'flex min-h-11 items-center gap-1.5 rounded-full border border-border bg-surface px-3 text-xs text-muted hover:text-fg sm:min-h-8',
        'aria-label': `Branches: this conversation has ${count}`,
        'data-testid': 'branch-switcher',
        children: (
          <>
            <GitBranch className="size-3.5" aria-hidden /> {count}
          </>
        ),
      }}
      align="end"
      sideOffset={6}
      onCloseAutoFocus={(event) => {
        if (chosen.current === null) return;
        event.preventDefault();
        jumpTo(chosen.current);
        chosen.current = null;
      }}
      contentClassName="w-72"
      entries={[
        { kind: 'label', content: 'Where this conversation branches' },
        ...forks.map((m) => ({
          kind: 'item' as const,
          content: (
            <span className="flex w-full items-center justify-between gap-3">
              <span className="min-w-0 truncate">
                {m.sender === 'user' ? 'You: ' : ''}
                {excerpt(m.content, 40)}
              </span>
              <span className="shrink-0 text-xs text-muted">
                {(m.siblingIds ?? []).indexOf(m.id) + 1}/{m.siblingIds?.length}
              </span>
            </span>
          ),
          onSelect: () => {
            chosen.current = m.id;
          },
        })),
      ]}
    />
  );
}

/** Scrolls to the message and focuses its version switcher. */
function jumpTo(messageId: number) {
  const message = document.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
  if (!message) return;
  message.scrollIntoView({ block: 'center' });
  const versions = message.querySelector<HTMLElement>('[data-testid="versions"]');
  const button = [...(versions?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find(
    (b) => !b.disabled,
  );
  button?.focus({ preventScroll: true });
}
