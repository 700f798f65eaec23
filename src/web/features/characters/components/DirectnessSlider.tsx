import { Slider } from 'radix-ui';
import {
  DEFAULT_DIRECTNESS,
  DIRECTNESS_LEVELS,
  MAX_DIRECTNESS,
  MIN_DIRECTNESS,
} from '../../../../shared/characters/catalog';

const clampLevel = (value: number) =>
  Number.isFinite(value)
    ? Math.min(MAX_DIRECTNESS, Math.max(MIN_DIRECTNESS, Math.round(value)))
    : DEFAULT_DIRECTNESS;

const TICKS = DIRECTNESS_LEVELS.map((l) => l.level);

/**
 * The 0–4 directness scale. `onChange` follows the thumb; `onCommit` fires once on release
 * (pointer up or key press), for callers that save immediately.
 */
export function DirectnessSlider({
  id,
  value,
  onChange,
  onCommit,
  label = 'Directness',
}: {
  id: string;
  value: number;
  onChange: (v: number) => void;
  onCommit?: (v: number) => void;
  label?: string;
}) {
  const level = clampLevel(value);
  const current = DIRECTNESS_LEVELS[level] ?? DIRECTNESS_LEVELS[DEFAULT_DIRECTNESS];
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={labelId} className="text-sm font-medium text-fg">
          {label}
        </span>
        <span className="text-lg font-bold tracking-wide text-accent">{current?.label}</span>
      </div>
      <Slider.Root
        className="relative mt-3 flex h-6 w-full touch-none items-center select-none"
        min={MIN_DIRECTNESS}
        max={MAX_DIRECTNESS}
        step={1}
        value={[level]}
        onValueChange={([v]) => v !== undefined && onChange(v)}
        onValueCommit={([v]) => v !== undefined && onCommit?.(v)}
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-track">
          <Slider.Range className="absolute h-full bg-accent" />
        </Slider.Track>
        <Slider.Thumb
          id={id}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          aria-valuetext={current?.label}
          className="block size-5 cursor-grab rounded-full border-2 border-accent bg-on-accent shadow-md transition-transform hover:scale-110 active:cursor-grabbing"
        />
      </Slider.Root>
      {/* Tick cells are as wide as the thumb, so their centres line up with its stops. */}
      <div aria-hidden className="mt-1 hidden justify-between text-xs text-muted sm:flex">
        {TICKS.map((tick) => (
          <span key={tick} className="w-5 text-center">
            {tick}
          </span>
        ))}
      </div>
      <p id={descriptionId} className="mt-2 text-sm text-muted">
        {current?.description}
      </p>
    </div>
  );
}
