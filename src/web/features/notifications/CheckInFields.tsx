import { Plus, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/form';
import { DAYS, LIMITS } from './check-in-form';

/** A group of the check-ins form: its name, its controls, and the server's word on it. */
export function FieldGroup({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { labelId: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div role="group" aria-labelledby={id} className="space-y-2">
      <p id={id} className="text-sm font-medium text-fg">
        {label}
      </p>
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {children({ labelId: id, describedBy: error ? errorId : undefined })}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The times of day, up to six, each with its Remove. */
export function TimesField({
  times,
  error,
  onChange,
}: {
  times: string[];
  error?: string;
  onChange: (times: string[]) => void;
}) {
  const set = (index: number, time: string) =>
    onChange(times.map((t, i) => (i === index ? time : t)));
  return (
    <FieldGroup label="At these times" error={error}>
      {({ describedBy }) => (
        <>
          <ul className="flex flex-wrap gap-2">
            {times.map((time, index) => (
              <li key={index} className="flex items-center gap-1">
                <Input
                  type="time"
                  aria-label={`Time ${index + 1}`}
                  aria-invalid={Boolean(error)}
                  aria-describedby={describedBy}
                  value={time}
                  onChange={(event) => set(index, event.target.value)}
                  className="min-h-11 w-32!"
                />
                <button
                  type="button"
                  aria-label={`Remove time ${index + 1}`}
                  onClick={() => onChange(times.filter((_, i) => i !== index))}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={times.length >= LIMITS.times}
            onClick={() => onChange([...times, times.at(-1) ?? '20:00'])}
          >
            <Plus className="size-4" aria-hidden /> Add a time
          </Button>
        </>
      )}
    </FieldGroup>
  );
}

/** The days of the week, Sunday first, each a toggle button. */
export function DaysField({
  days,
  error,
  onChange,
}: {
  days: number[];
  error?: string;
  onChange: (days: number[]) => void;
}) {
  return (
    <FieldGroup label="On these days" error={error}>
      {({ describedBy }) => (
        <div className="flex flex-wrap gap-2">
          {DAYS.map(([short, long], day) => {
            const on = days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-label={long}
                aria-pressed={on}
                aria-describedby={describedBy}
                onClick={() => onChange(on ? days.filter((d) => d !== day) : [...days, day])}
                className={`inline-flex size-11 items-center justify-center rounded-full border text-xs font-semibold transition-colors ${on ? 'border-accent bg-accent-strong text-on-accent hover:bg-accent-strong-hover' : 'border-border text-muted hover:text-fg'}`}
              >
                {short}
              </button>
            );
          })}
        </div>
      )}
    </FieldGroup>
  );
}
