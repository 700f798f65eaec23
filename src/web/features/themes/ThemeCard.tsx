import { Check, Trash2 } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { ThemeColors } from '../../../shared/themes/schemas';
import { ThemePreview } from './ThemePreview';

/** What the radio group hands each card: its place in the one Tab stop and the arrow keys. */
export interface RadioItemProps {
  ref: (element: HTMLElement | null) => void;
  tabIndex: number;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** One palette to choose from (a radio in the dialog's group), with an optional delete button. */
export function ThemeCard({
  id,
  name,
  colors,
  selected,
  radio,
  onSelect,
  onDelete,
}: {
  id: string;
  name: string;
  colors: ThemeColors;
  selected: boolean;
  radio: RadioItemProps;
  onSelect: () => void;
  onDelete?: () => void;
}) {
  return (
    <div className="relative">
      <button
        type="button"
        id={id}
        role="radio"
        aria-checked={selected}
        {...radio}
        onClick={onSelect}
        className={`w-full rounded-xl border p-2 text-left transition-colors hover:bg-hover ${selected ? 'border-accent ring-2 ring-accent' : 'border-border'}`}
      >
        <ThemePreview colors={colors} />
        {/* The whole name, on two lines if it must: the selected card's tick once left
            'Workspace Li…' at five cards a row. */}
        <span className="mt-2 flex items-start gap-1.5 text-sm leading-5 font-medium">
          {selected && <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />}
          <span className="min-w-0 wrap-break-word">{name}</span>
        </span>
      </button>
      {onDelete && (
        <button
          type="button"
          id={`${id}-delete`}
          onClick={onDelete}
          aria-label={`Delete theme ${name}`}
          title="Delete theme"
          className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-md text-muted hover:text-error"
        >
          <span className="rounded-md bg-surface/90 p-1.5">
            <Trash2 className="size-4" aria-hidden />
          </span>
        </button>
      )}
    </div>
  );
}
