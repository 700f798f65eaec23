import { useId, useRef, type KeyboardEvent } from 'react';
import { CHIP, LABEL } from './scene-styles';
import type { CastMember } from './scene-cast';

/** The keys that move within the group, and by how much. */
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Who answers the next message in a group scene (issue 51): 'Scene decides' (the character named
 * or @mentioned, else the model's choice) or one of the characters here now. A radio group: Tab
 * reaches the chosen option, the arrow keys (Home, End) move the choice within it.
 */
export function NextSpeaker({
  here,
  value,
  onChange,
}: {
  /** The characters present: only they can be chosen. */
  here: CastMember[];
  value: number | null;
  onChange: (speakerId: number | null) => void;
}) {
  const options = [null, ...here.map((m) => m.id)];
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const label = useId();
  const onKey = (event: KeyboardEvent, index: number) => {
    const last = options.length - 1;
    const step = STEPS[event.key];
    let next = step === undefined ? -1 : (index + step + options.length) % options.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = last;
    if (next < 0) return;
    event.preventDefault();
    onChange(options[next]!);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <span id={label} className={LABEL}>
        Answers next
      </span>
      <div role="radiogroup" aria-labelledby={label} className="flex shrink-0 gap-1.5">
        {options.map((id, index) => {
          const checked = id === value;
          return (
            <button
              key={id ?? 'scene'}
              ref={(button) => void (buttons.current[index] = button)}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(id)}
              onKeyDown={(event) => onKey(event, index)}
              className={`${CHIP} ${checked ? 'border-accent bg-hover-strong text-fg' : 'border-border text-muted hover:text-fg'}`}
            >
              {id === null ? 'Scene decides' : here[index - 1]!.name}
            </button>
          );
        })}
      </div>
    </>
  );
}
