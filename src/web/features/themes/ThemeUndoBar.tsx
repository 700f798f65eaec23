import { Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** Inside the theme dialog after a change: the way back to the theme before, in one press. */
export function ThemeUndoBar({
  current,
  previous,
  busy,
  onUndo,
}: {
  current: string;
  previous: string;
  busy: boolean;
  onUndo: () => void;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-main p-3 text-sm">
      <p>
        Your theme is {current} now (it was {previous}).
      </p>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={onUndo} pending={busy}>
        <Undo2 className="size-4" aria-hidden />
        Undo: back to {previous}
      </Button>
    </div>
  );
}
