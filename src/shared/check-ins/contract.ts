import { z } from 'zod';
import { CHARACTER_NOT_FOUND } from '../characters/contract';
import { idParams } from '../id-params';

/**
 * Check-ins (issue 52 part 3): a character writes first, at the times and on the days the user
 * chose, in their time zone, never in their quiet hours, at most `maxPerDay` times a day.
 *
 *   GET /api/characters/{id}/check-ins                 → checkInSettingsView
 *   PUT /api/characters/{id}/check-ins checkInSettings → checkInSettingsView
 */

export const CHECK_IN_LIMITS = { times: 6, maxPerDay: 6 } as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z
  .string({ error: 'A time is "HH:MM".' })
  .regex(CLOCK, 'A time is "HH:MM", from 00:00 to 23:59.');

/** True for a time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const checkInSettingsSchema = z
  .object({
    enabled: z.boolean(),
    times: z
      .array(clockTime)
      .max(CHECK_IN_LIMITS.times, `At most ${CHECK_IN_LIMITS.times} times a day.`)
      .refine((t) => new Set(t).size === t.length, 'Each time only once.'),
    days: z
      .array(
        z.number().int().min(0, 'Days are 0 (Sunday) to 6.').max(6, 'Days are 0 (Sunday) to 6.'),
      )
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Each day only once.'),
    timezone: z.string().refine(isTimeZone, 'Unknown time zone.'),
    quietHours: z
      .object({ from: clockTime, to: clockTime })
      .refine((q) => q.from !== q.to, 'Quiet hours must start and end at different times.')
      .nullable(),
    maxPerDay: z
      .number()
      .int()
      .min(1, 'At least one a day.')
      .max(CHECK_IN_LIMITS.maxPerDay, `At most ${CHECK_IN_LIMITS.maxPerDay} a day.`),
  })
  .superRefine((s, context) => {
    if (!s.enabled) return;
    if (s.times.length === 0) {
      context.addIssue({ code: 'custom', path: ['times'], message: 'Pick at least one time.' });
    }
    if (s.days.length === 0) {
      context.addIssue({ code: 'custom', path: ['days'], message: 'Pick at least one day.' });
    }
  });
export type CheckInSettings = z.infer<typeof checkInSettingsSchema>;

export const checkInSettingsView = z.object({
  enabled: z.boolean(),
  times: z.array(z.string()),
  days: z.array(z.number()),
  timezone: z.string(),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  maxPerDay: z.number(),
  /** When the next one is due (ISO), or null when off or none falls outside quiet hours soon. */
  nextAt: z.string().nullable(),
  /** The last check-in skipped because the user was out of messages, if none came since. */
  skippedForCreditsAt: z.string().nullable(),
});
export type CheckInSettingsView = z.infer<typeof checkInSettingsView>;

export const checkInParams = idParams(CHARACTER_NOT_FOUND);
