import { useRef, type KeyboardEvent } from 'react';

/**
 * A row of tabs (a tablist): the chosen one is the only tab stop, arrow keys (and Home, End) move
 * and choose. The panel they control carries `panelId`.
 */
export function Tabs<T extends string>({
  label,
  options,
  value,
  onChange,
  panelId,
}: {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (next: T) => void;
  panelId: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const at = options.findIndex((o) => o.id === value);
  const move = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % options.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at + last) % options.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(options[next]!.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      className="flex gap-1 border-b border-border"
    >
      {options.map((o) => {
        const chosen = o.id === value;
        return (
          <button
            key={o.id}
            type="button"
            role="tab"
            id={`${panelId}-${o.id}`}
            aria-selected={chosen}
            aria-controls={panelId}
            tabIndex={chosen ? 0 : -1}
            onClick={() => onChange(o.id)}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold ${
              chosen ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
            }`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
