import { Check, Trash2 } from 'lucide-react';
import type { ThemeColors } from '../../../shared/themes/schemas';
import { ThemePreview } from './ThemePreview';

/** One palette to choose from (a radio in the dialog's group), with an optional delete button. */
export function ThemeCard({
  name,
  colors,
  selected,
  onSelect,
  onDelete,
}: {
  name: string;
  colors: ThemeColors;
  selected: boolean;
  onSelect: () => void;
  onDelete?: () => void;
}) {
  return (
    <div className="relative">
      <button
        type="button"
        role="radio"
        aria-checked={selected}
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
          onClick={onDelete}
          aria-label={`Delete theme ${name}`}
          title="Delete theme"
          className="absolute top-1 right-1 rounded-md bg-surface/90 p-1.5 text-muted hover:bg-hover-strong hover:text-error"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
