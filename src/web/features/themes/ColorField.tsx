import { useId, useState } from 'react';
import { HEX_COLOR, normalizeHex } from '../../../shared/themes/color';

/** A native colour picker with the hex value beside it, typed or picked. */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-11 shrink-0 cursor-pointer rounded-md border border-border bg-main p-0.5"
        />
        <input
          aria-label={`${label} hex value`}
          value={draft}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => {
            setDraft(e.target.value);
            if (HEX_COLOR.test(e.target.value)) onChange(normalizeHex(e.target.value));
          }}
          className="h-11 w-full min-w-0 rounded-md border border-border bg-main px-2 font-mono text-xs text-fg focus:border-accent focus:outline-none"
        />
      </div>
    </div>
  );
}
