import { useId, useState, type FormEvent } from 'react';
import type { CheckInSettingsView } from '../../../shared/check-ins/contract';
import { Button } from '../../components/ui/button';
import { Field, Select } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { useSaveCheckIns } from './check-ins-api';
import {
  bodyOf,
  issuesByField,
  LIMITS,
  timeZones,
  valuesOf,
  type CheckInValues,
} from './check-in-form';
import { DaysField, TimesField } from './CheckInFields';
import { QuietHoursField } from './QuietHoursField';
import { SettingSwitch } from '../../components/ui/setting-switch';

/** The check-ins' settings, saved with PUT; the server's field errors show by their fields. */
export function CheckInsForm({
  characterId,
  name,
  view,
}: {
  characterId: number;
  name: string;
  view: CheckInSettingsView;
}) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(view));
  const save = useSaveCheckIns(characterId);
  const change = (patch: Partial<CheckInValues>) => {
    save.reset();
    setValues((prev) => ({ ...prev, ...patch }));
  };
  const failure = save.error;
  const issues = failure instanceof ApiError ? failure.issues : undefined;
  const errors = issuesByField(issues);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(values));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Check-ins" className="space-y-6">
      <SettingSwitch
        id={`${id}-enabled`}
        label={`Let ${name} write first`}
        checked={values.enabled}
        onCheckedChange={(enabled) => change({ enabled })}
      />
      <TimesField
        times={values.times}
        error={errors.times}
        onChange={(times) => change({ times })}
      />
      <DaysField days={values.days} error={errors.days} onChange={(days) => change({ days })} />
      <Field id={`${id}-zone`} label="Time zone" error={errors.timezone}>
        <Select
          id={`${id}-zone`}
          value={values.timezone}
          aria-invalid={Boolean(errors.timezone)}
          aria-describedby={errors.timezone ? `${id}-zone-error` : undefined}
          onChange={(event) => change({ timezone: event.target.value })}
          className="min-h-11"
        >
          {timeZones(values.timezone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <QuietHoursField values={values} error={errors.quietHours} onChange={change} />
      <Field id={`${id}-max`} label="At most this many a day" error={errors.maxPerDay}>
        <Select
          id={`${id}-max`}
          value={values.maxPerDay}
          aria-invalid={Boolean(errors.maxPerDay)}
          aria-describedby={errors.maxPerDay ? `${id}-max-error` : undefined}
          onChange={(event) => change({ maxPerDay: Number(event.target.value) })}
          className="min-h-11 w-24!"
        >
          {Array.from({ length: LIMITS.maxPerDay }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      {/* The server's message, unless it is the one a field already shows. */}
      {failure && !issues?.some((issue) => issue.message === failure.message) && (
        <p role="alert" className="text-sm text-error">
          {failure.message}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="text-sm text-muted">
          Saved.
        </p>
      )}
      <div className="flex justify-end border-t border-border pt-6">
        <Button type="submit" className="min-h-11" pending={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save check-ins'}
        </Button>
      </div>
    </form>
  );
}
