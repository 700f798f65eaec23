import type { ReactNode } from 'react';

/** A labelled group of toggle buttons; each option is on or off (aria-pressed). */
export function ToggleChips({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  label: ReactNode;
}) {
  const chosen = new Set(value);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-fg">{label}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => {
          const on = chosen.has(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? value.filter((x) => x !== option) : [...value, option])}
              className={`rounded-full border px-3 py-1.5 text-xs font-medium transition-colors ${on ? 'border-accent bg-accent-strong text-on-accent hover:bg-accent-strong-hover' : 'border-border text-muted hover:text-fg'}`}
            >
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
