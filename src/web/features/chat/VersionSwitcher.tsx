import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ToolButton } from './ToolButton';

const ARROWS = ['previous-version', 'next-version'] as const;

/** ‹ n/m ›: the message's place among its alternatives, and moving to the one beside it. */
export function VersionSwitcher({
  siblings,
  place,
  busy,
  onSwitch,
}: {
  siblings: number[];
  place: number;
  busy?: boolean | undefined;
  onSwitch?: ((messageId: number) => Promise<unknown> | void) | undefined;
}) {
  /** To the version `step` away; then the focus on the same arrow, or the other at an end. */
  const go = (step: -1 | 1) => {
    const to = siblings[place + step]!;
    const pressed = document.activeElement;
    // The focus helper is fetched with the first switch (or the send protocol that shares it),
    // off the chat page's first load.
    void Promise.all([onSwitch?.(to), import('./focus-when-shown')]).then(([, focus]) =>
      // The version now shown, or this one still if the switch failed (this one can also be
      // drawn for a moment after a switch: focusWhenShown follows the thread).
      focus.focusWhenShown(
        [to, siblings[place]!],
        step < 0 ? ARROWS : [ARROWS[1], ARROWS[0]],
        pressed,
      ),
    );
  };
  return (
    <div className="mt-1 flex items-center gap-0.5 text-xs text-muted" data-testid="versions">
      <ToolButton
        label="Previous version"
        action={ARROWS[0]}
        disabled={place === 0 || busy}
        onClick={() => go(-1)}
      >
        <ChevronLeft className="size-3.5" />
      </ToolButton>
      <span aria-label={`Version ${place + 1} of ${siblings.length}`}>
        {place + 1}/{siblings.length}
      </span>
      <ToolButton
        label="Next version"
        action={ARROWS[1]}
        disabled={place === siblings.length - 1 || busy}
        onClick={() => go(1)}
      >
        <ChevronRight className="size-3.5" />
      </ToolButton>
    </div>
  );
}
