import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ToolButton } from './ToolButton';

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
  onSwitch?: ((messageId: number) => void) | undefined;
}) {
  return (
    <div className="mt-1 flex items-center gap-0.5 text-xs text-muted" data-testid="versions">
      <ToolButton
        label="Previous version"
        disabled={place === 0 || busy}
        onClick={() => onSwitch?.(siblings[place - 1]!)}
      >
        <ChevronLeft className="size-3.5" />
      </ToolButton>
      <span aria-label={`Version ${place + 1} of ${siblings.length}`}>
        {place + 1}/{siblings.length}
      </span>
      <ToolButton
        label="Next version"
        disabled={place === siblings.length - 1 || busy}
        onClick={() => onSwitch?.(siblings[place + 1]!)}
      >
        <ChevronRight className="size-3.5" />
      </ToolButton>
    </div>
  );
}
