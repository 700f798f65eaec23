import type { CheckInSettings, CheckInSettingsView } from '../../../shared/check-ins/contract';
import type { FieldIssue } from '../../../shared/http/error-body';

/**
 * The check-ins form's values (issue 52 part 3) and the body they save. Quiet hours keep their
 * times while switched off, so switching them back on restores what was typed.
 */
export interface CheckInValues {
  enabled: boolean;
  times: string[];
  days: number[];
  timezone: string;
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
  maxPerDay: number;
}

/**
 * CHECK_IN_LIMITS of the shared contract, which imports zod: imported from there, zod would come
 * with this chunk (tests/web/check-ins.test.tsx holds the two equal).
 */
export const LIMITS = { times: 6, maxPerDay: 6 } as const;

export const DAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** The browser's time zone ("Europe/Berlin"), where the user most likely is. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The form's start from the server's settings. Off and in UTC (what the server answers for a
 * character never set), the time zone offered is the browser's: where the user most likely is.
 */
export function valuesOf(view: CheckInSettingsView): CheckInValues {
  return {
    enabled: view.enabled,
    times: view.times.length > 0 || view.enabled ? view.times : ['19:00'],
    days: view.days,
    timezone: !view.enabled && view.timezone === 'UTC' ? browserTimeZone() : view.timezone,
    quiet: view.quietHours !== null,
    quietFrom: view.quietHours?.from ?? '22:00',
    quietTo: view.quietHours?.to ?? '08:00',
    maxPerDay: view.maxPerDay,
  };
}

/** What PUT /api/characters/{id}/check-ins is sent: the days in week order. */
export function bodyOf(values: CheckInValues): CheckInSettings {
  return {
    enabled: values.enabled,
    times: values.times,
    days: [...values.days].sort((a, b) => a - b),
    timezone: values.timezone,
    quietHours: values.quiet ? { from: values.quietFrom, to: values.quietTo } : null,
    maxPerDay: values.maxPerDay,
  };
}

/** The server's field issues by field ('times.2' shows with the times), each message once. */
export function issuesByField(issues: FieldIssue[] | undefined) {
  const byField: Record<string, string> = {};
  for (const { path, message } of issues ?? []) {
    const field = path.split('.')[0] || 'form';
    if (!byField[field]?.includes(message)) {
      byField[field] = byField[field] ? `${byField[field]} ${message}` : message;
    }
  }
  return byField;
}

/** Time zones to choose from, with the chosen one even if this browser does not list it. */
export function timeZones(chosen: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(chosen) ? known : [chosen, ...known];
}

/** "Tuesday 20:00" in the user's locale, in the settings' time zone (the times' own). */
export function weekdayTime(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}
