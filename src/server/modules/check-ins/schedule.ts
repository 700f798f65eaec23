/**
 * When check-ins fall (issue 52 part 3), in the user's time zone, with Intl only. Pure: the clock
 * is an argument, so tests run the schedule at any instant.
 */

export interface Schedule {
  times: readonly string[];
  days: readonly number[];
  timezone: string;
  quietHours: { from: string; to: string } | null;
}

export interface Slot {
  /** The instant the check-in is due. */
  at: Date;
  /** Its day where the user is, "YYYY-MM-DD" (the daily limit counts by it). */
  localDay: string;
  /** Its time where the user is, "HH:MM". */
  localTime: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock of `at` in `zone`. */
export function localParts(at: Date, zone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(zone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, zone: string): number {
  const p = localParts(at, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the wall clock in `zone` reads `date` at `time`. A time skipped by a clock change
 * (spring forward) falls an hour later; a time that happens twice (fall back) is the first.
 */
export function instantOf(
  date: { year: number; month: number; day: number },
  time: string,
  zone: string,
) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(date.year, date.month - 1, date.day, h, m);
  let guess = wall - offsetAt(new Date(wall), zone);
  // Once more with the offset at the guess: right on either side of a clock change.
  guess = wall - offsetAt(new Date(guess), zone);
  const earlier = wall - offsetAt(new Date(guess - 3_600_000), zone);
  const e = localParts(new Date(earlier), zone);
  if (e.hour === h && e.minute === m && earlier < guess) return new Date(earlier);
  return new Date(guess);
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Whether a local time is in the quiet hours (from inclusive, to exclusive; may wrap midnight). */
export function isQuiet(time: string, quiet: Schedule['quietHours']): boolean {
  if (!quiet) return false;
  const t = minutesOf(time);
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  return from < to ? t >= from && t < to : t >= from || t < to;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The slots due at `now`: on a chosen day, at a chosen time, within the last `windowMs` (a server
 * that was down a few minutes still sends; one that was down for hours does not send stale
 * ones), outside the quiet hours.
 */
export function dueSlots(s: Schedule, now: Date, windowMs: number): Slot[] {
  const due: Slot[] = [];
  // Today and yesterday where the user is: a window across midnight reaches back.
  for (const back of [0, 1]) {
    const p = localParts(new Date(now.getTime() - back * 86_400_000), s.timezone);
    if (!s.days.includes(p.weekday)) continue;
    for (const time of s.times) {
      if (isQuiet(time, s.quietHours)) continue;
      const at = instantOf(p, time, s.timezone);
      const age = now.getTime() - at.getTime();
      if (age < 0 || age >= windowMs) continue;
      due.push({ at, localDay: `${p.year}-${pad(p.month)}-${pad(p.day)}`, localTime: time });
    }
  }
  return due;
}

/** The next slot after `now` within a week, or null. */
export function nextSlot(s: Schedule, now: Date): Date | null {
  let best: Date | null = null;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const p = localParts(new Date(now.getTime() + ahead * 86_400_000), s.timezone);
    if (!s.days.includes(p.weekday)) continue;
    for (const time of s.times) {
      if (isQuiet(time, s.quietHours)) continue;
      const at = instantOf(p, time, s.timezone);
      if (at > now && (!best || at < best)) best = at;
    }
    if (best) return best;
  }
  return best;
}
