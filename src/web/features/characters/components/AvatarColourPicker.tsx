import { Check } from 'lucide-react';
import { AVATAR_GRADIENTS } from '../../../../shared/characters/avatar-gradients';
import { useRovingFocus } from '../../../components/ui/roving-focus';

/**
 * The avatar's background gradient: a radio group (WAI-ARIA), one Tab stop on the chosen colour;
 * the arrow keys, Home and End move and choose, as native radio buttons do.
 */
export function AvatarColourPicker({
  value,
  disabled,
  onChange,
}: {
  value: string | null;
  /** An image covers the colour: the choice waits until it is removed. */
  disabled: boolean;
  onChange: (key: string) => void;
}) {
  const chosen = AVATAR_GRADIENTS.findIndex((g) => g.key === value);
  const item = useRovingFocus(AVATAR_GRADIENTS.length, {
    tabStop: chosen >= 0 ? chosen : 0,
    onMove: (index) => onChange(AVATAR_GRADIENTS[index]?.key ?? AVATAR_GRADIENTS[0].key),
  });
  return (
    <fieldset disabled={disabled} className="disabled:opacity-50">
      <legend className="text-sm font-medium">
        Background colour
        {disabled && <span className="text-muted"> (remove the image to use one)</span>}
      </legend>
      <div className="mt-2 grid grid-cols-4 gap-2" role="radiogroup" aria-label="Avatar colour">
        {AVATAR_GRADIENTS.map((g, index) => {
          const selected = index === chosen;
          return (
            <button
              key={g.key}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={g.label}
              title={g.label}
              {...item(index)}
              onClick={() => onChange(g.key)}
              className={`flex h-11 items-center justify-center rounded-lg border-2 ${selected ? 'border-fg' : 'border-transparent'} disabled:cursor-not-allowed`}
              style={{ background: g.css }}
            >
              {selected && <Check className="size-4 text-on-accent" aria-hidden />}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
