import { useId, type ReactNode } from 'react';
import { useRovingFocus } from './roving-focus';

/**
 * A labelled group of toggle buttons (aria-pressed), each option on or off. The group is one
 * Tab stop: the arrow keys, Home and End move between the chips, Space or Enter turns one on or
 * off. On a phone each chip is a finger's height (44 px).
 */
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
  const item = useRovingFocus(options.length);
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-fg">{label}</legend>
      {/* For the keyboard (a touch screen has none to move with); still read out everywhere. */}
      <p id={hintId} className="mt-1 hidden text-xs text-muted pointer-fine:block">
        Arrow keys move between them; Space or Enter picks.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option, index) => {
          const on = chosen.has(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              {...item(index)}
              onClick={() => onChange(on ? value.filter((x) => x !== option) : [...value, option])}
              className={`min-h-11 rounded-full border px-3 py-1.5 text-xs font-medium transition-colors sm:min-h-8 ${on ? 'border-accent bg-accent-strong text-on-accent hover:bg-accent-strong-hover' : 'border-border text-muted hover:text-fg'}`}
            >
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
