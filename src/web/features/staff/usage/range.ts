/** A range of whole days, both ends included, as the date inputs and the query write them. */
export interface DayRange {
  from: string;
  to: string;
}

export const PRESET_DAYS = [7, 30, 90] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment, in UTC (the days the server counts in). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The last `days` days up to and including today. */
export function lastDays(days: number, now = new Date()): DayRange {
  return { from: dayOf(new Date(now.getTime() - (days - 1) * DAY_MS)), to: dayOf(now) };
}

/** Which preset the range is, if any. */
export function presetOf(range: DayRange, now = new Date()): number | undefined {
  return PRESET_DAYS.find((days) => {
    const preset = lastDays(days, now);
    return preset.from === range.from && preset.to === range.to;
  });
}

/** Every day of the range in order, so a day without calls still has its place on a chart. */
export function daysIn(range: DayRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= end && days.length < 400;) {
    days.push(dayOf(new Date(at)));
    at += DAY_MS;
  }
  return days;
}
