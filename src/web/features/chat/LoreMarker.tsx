import { BookOpen } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LoreMark } from '../../../shared/chat/contract';

/**
 * Under a reply whose prompt carried lorebook entries (issue 47 part 3): a quiet 'Lore · n' that
 * lists their names on demand. A disclosure in the thread's flow rather than a floating popover:
 * nothing to clip at the thread's edges or to cover the message box, at any width. Its own chunk
 * (MessageView loads it only for such a reply): the chat's first load has no room for it.
 */
export function LoreMarker({ lore }: { lore: LoreMark[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = lore.length;

  // Opened under the newest reply, the list may start below the thread's visible part.
  useEffect(() => {
    if (open) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: the page's own Escape (closing the sidebar) is not run as well.
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="mt-1 flex max-w-[85%] flex-col items-start" onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        aria-label={`Lore used: ${count} ${count === 1 ? 'entry' : 'entries'}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-xs hover:bg-hover-strong hover:text-fg sm:min-h-7 ${open ? 'text-fg' : 'text-muted'}`}
        data-testid="lore-marker"
      >
        <BookOpen className="size-3.5" aria-hidden="true" />
        Lore · {count}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Lore used"
          className="mt-1 rounded-lg border border-border bg-surface px-3 py-2 text-xs text-muted"
        >
          <p>Entries from the lorebook this reply used:</p>
          <ul className="mt-1 list-disc pl-4 text-fg">
            {lore.map((mark, i) => (
              <li key={`${mark.id ?? 'entry'}-${i}`}>{mark.name}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
