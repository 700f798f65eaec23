import { useId } from 'react';
import { Input } from '../../../components/ui/form';
import { lastDays, PRESET_DAYS, presetOf, type DayRange } from './range';

/** From and to dates, and the 7, 30 and 90 days presets; an impossible range is not sent. */
export function RangePicker({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const id = useId();
  const preset = presetOf(range);
  const set = (part: Partial<DayRange>) => {
    const next = { ...range, ...part };
    if (next.from && next.to && next.from <= next.to) onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <label htmlFor={`${id}-from`} className="block text-sm font-medium">
          From
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          className="h-11 w-40"
          value={range.from}
          max={range.to}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-to`} className="block text-sm font-medium">
          To
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          className="h-11 w-40"
          value={range.to}
          min={range.from}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      <div role="group" aria-label="Quick ranges" className="flex gap-2">
        {PRESET_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={preset === days}
            onClick={() => onChange(lastDays(days))}
            className="h-11 rounded-lg border border-border px-3 text-sm font-medium hover:bg-hover-strong aria-pressed:border-accent aria-pressed:bg-accent-strong aria-pressed:text-on-accent"
          >
            {days} days
          </button>
        ))}
      </div>
    </div>
  );
}
