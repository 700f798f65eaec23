import { useId } from 'react';
import { Input } from '../../components/ui/form';
import type { CheckInValues } from './check-in-form';
import { FieldGroup } from './CheckInFields';
import { SettingSwitch } from '../../components/ui/setting-switch';

type QuietHours = Pick<CheckInValues, 'quiet' | 'quietFrom' | 'quietTo'>;

/** Quiet hours: on or off, and from when to when (it may wrap midnight: 22:00 to 08:00). */
export function QuietHoursField({
  values,
  error,
  onChange,
}: {
  values: QuietHours;
  error?: string;
  onChange: (patch: Partial<QuietHours>) => void;
}) {
  const id = useId();
  return (
    <FieldGroup label="Quiet hours" error={error}>
      {({ describedBy }) => (
        <>
          <SettingSwitch
            id={`${id}-on`}
            label="Nothing between these times"
            checked={values.quiet}
            onCheckedChange={(quiet) => onChange({ quiet })}
          />
          {values.quiet && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
              {(
                [
                  ['From', 'quietFrom'],
                  ['to', 'quietTo'],
                ] as const
              ).map(([label, field]) => (
                // A label stays beside its time when the row wraps on a phone.
                <span key={field} className="flex items-center gap-2">
                  <label htmlFor={`${id}-${field}`}>{label}</label>
                  <Input
                    id={`${id}-${field}`}
                    type="time"
                    value={values[field]}
                    aria-invalid={Boolean(error)}
                    aria-describedby={describedBy}
                    onChange={(event) => onChange({ [field]: event.target.value })}
                    className="min-h-11 w-32!"
                  />
                </span>
              ))}
            </div>
          )}
        </>
      )}
    </FieldGroup>
  );
}
