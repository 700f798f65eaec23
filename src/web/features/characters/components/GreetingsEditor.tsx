import { Plus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { GREETING_LIMITS } from '../../../../shared/characters/schemas';
import { Textarea } from '../../../components/ui/form';
import { CharCount, overLimitMessage } from './CharCount';
import { useFocusAfterRender } from '../../../components/ui/use-focus-back';

const WARN_AT = Math.round(GREETING_LIMITS.lengthMax * 0.9);

/**
 * The character's greeting (what it says first when a chat starts) and up to four alternatives
 * the user can swipe to. All optional: with none, the user speaks first.
 */
export function GreetingsEditor({
  value,
  onChange,
}: {
  value: string[];
  onChange: (greetings: string[]) => void;
}) {
  const hintId = useId();
  // The first box is always there (empty: no greeting); alternatives are added one by one.
  const boxes = value.length === 0 ? [''] : value;
  const textareas = useRef<(HTMLTextAreaElement | null)[]>([]);
  const focusAfterRender = useFocusAfterRender();
  const set = (index: number, text: string) =>
    onChange(boxes.map((g, i) => (i === index ? text : g)));
  // What is typed next lands in the new box; after a removal, in the box before it.
  const add = () => {
    focusAfterRender(() => textareas.current[boxes.length]);
    onChange([...boxes, '']);
  };
  const remove = (index: number) => {
    focusAfterRender(() => textareas.current[Math.max(0, index - 1)]);
    onChange(boxes.filter((_, i) => i !== index));
  };

  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-fg">Greeting (optional)</legend>
      <p id={hintId} className="text-xs text-muted">
        What they say first when a chat starts (Chat Mode; Story Mode opens with its scene).
        Alternatives can be swiped to. Write {'{{user}}'} for your name.
      </p>
      {boxes.map((text, i) => {
        const id = `greeting-${i}`;
        const label = i === 0 ? 'Greeting' : `Alternative greeting ${i}`;
        // An imported card's greeting may be longer than ours: shown whole, with what to cut.
        const over = overLimitMessage(text, GREETING_LIMITS.lengthMax);
        return (
          <div key={i} className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={id} className="text-xs text-muted">
                {label}
              </label>
              <div className="flex items-center gap-2">
                <CharCount
                  id={`${id}-count`}
                  length={text.length}
                  max={GREETING_LIMITS.lengthMax}
                  warnAt={WARN_AT}
                  dangerAt={GREETING_LIMITS.lengthMax}
                />
                {boxes.length > 1 && (
                  <button
                    type="button"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    title="Remove"
                    onClick={() => remove(i)}
                    className="-my-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg sm:my-0 sm:size-7"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                )}
              </div>
            </div>
            <Textarea
              ref={(element) => {
                textareas.current[i] = element;
              }}
              id={id}
              rows={3}
              className="min-h-20"
              maxLength={GREETING_LIMITS.lengthMax}
              placeholder={
                i === 0
                  ? '*looks up from her book* Oh, {{user}}! You came.'
                  : 'Another way to begin'
              }
              aria-invalid={over ? true : undefined}
              aria-describedby={over ? `${id}-over ${id}-count` : `${id}-count`}
              value={text}
              onChange={(e) => set(i, e.target.value)}
            />
            {over && (
              <p id={`${id}-over`} className="text-xs text-error">
                {over}
              </p>
            )}
          </div>
        );
      })}
      {boxes.length < GREETING_LIMITS.count && (
        <button
          type="button"
          disabled={!boxes.at(-1)?.trim()}
          onClick={add}
          className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-accent hover:bg-hover-strong disabled:opacity-40 max-sm:min-h-11"
        >
          <Plus className="size-4" aria-hidden /> Add an alternative greeting
        </button>
      )}
    </fieldset>
  );
}
