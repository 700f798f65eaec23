import type { CheckInSettings, CheckInSettingsView } from '../../../shared/check-ins/contract';
import { CHARACTER_NOT_FOUND } from '../../../shared/characters/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { writeCheckIn } from '../chat';
import { claimNoCreditsNotice, queuePush } from '../push';
import * as repo from './check-ins.repo';
import { dueSlots, localParts, nextSlot, type Schedule } from './schedule';

/**
 * Check-ins (issue 52 part 3): the settings a user keeps per character, and the run that writes
 * the ones due. The run is a scheduled job (once a minute, on one server at a time); each slot is
 * claimed in the database before anything is written, so even two runs at once write it once.
 */

/** A slot is still sent this long after its time (a server down a few minutes catches up). */
export const CATCH_UP_MS = 15 * 60_000;

const DEFAULT_VIEW = {
  enabled: false,
  times: ['19:00'],
  days: [0, 1, 2, 3, 4, 5, 6],
  timezone: 'UTC',
  quietHours: { from: '22:00', to: '08:00' },
  maxPerDay: 1,
};

const scheduleOf = (row: repo.SettingRow): Schedule => ({
  times: row.times,
  days: row.days,
  timezone: row.timezone,
  quietHours: row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
});

async function viewOf(
  ctx: AppContext,
  userId: string,
  characterId: number,
  row: repo.SettingRow | null,
  now: Date,
): Promise<CheckInSettingsView> {
  const skipped = await repo.skippedForCreditsAt(ctx.db, userId, characterId);
  const base = row
    ? {
        enabled: row.enabled,
        times: row.times,
        days: row.days,
        timezone: row.timezone,
        quietHours: scheduleOf(row).quietHours,
        maxPerDay: row.maxPerDay,
      }
    : DEFAULT_VIEW;
  const next = row?.enabled ? nextSlot(scheduleOf(row), now) : null;
  return {
    ...base,
    nextAt: next?.toISOString() ?? null,
    skippedForCreditsAt: skipped?.toISOString() ?? null,
  };
}

export async function getCheckIns(ctx: AppContext, userId: string, characterId: number) {
  if (!(await repo.ownsCharacter(ctx.db, userId, characterId))) throw notFound(CHARACTER_NOT_FOUND);
  const row = await repo.readSetting(ctx.db, userId, characterId);
  return viewOf(ctx, userId, characterId, row, ctx.clock.now());
}

export async function putCheckIns(
  ctx: AppContext,
  userId: string,
  characterId: number,
  settings: CheckInSettings,
) {
  if (!(await repo.ownsCharacter(ctx.db, userId, characterId))) throw notFound(CHARACTER_NOT_FOUND);
  const row = await repo.writeSetting(ctx.db, userId, characterId, settings);
  return viewOf(ctx, userId, characterId, row, ctx.clock.now());
}

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/**
 * Writes every check-in due at `now` (the job passes the clock; tests pass theirs). Answers how
 * many were sent. One failing never stops the others.
 */
export async function runDueCheckIns(ctx: AppContext, now: Date): Promise<number> {
  let sent = 0;
  for (const row of await repo.activeSettings(ctx.db)) {
    for (const slot of dueSlots(scheduleOf(row), now, CATCH_UP_MS)) {
      const id = await repo.claimSlot(ctx.db, {
        userId: row.userId,
        characterId: row.characterId,
        slotAt: slot.at,
        localDay: slot.localDay,
        maxPerDay: row.maxPerDay,
      });
      if (id === null) continue;
      const weekday = WEEKDAY_NAMES[localParts(slot.at, row.timezone).weekday]!;
      const written = await writeCheckIn(ctx, row.userId, row.characterId, {
        weekday,
        time: slot.localTime,
      }).catch((error: unknown) => {
        // The error, which the logger's serializer rids of the statement's values.
        ctx.log.warn({ characterId: row.characterId, err: error }, 'check-in failed');
        return { outcome: 'failed' as const };
      });
      if (written.outcome === 'sent') {
        sent++;
        await repo.settleSlot(ctx.db, id, { status: 'sent', ...written });
        await queuePush(ctx, { kind: 'check-in', userId: row.userId, ...written }).catch(() =>
          ctx.log.warn({ characterId: row.characterId }, 'check-in push not queued'),
        );
      } else if (written.outcome === 'no-credits') {
        await repo.settleSlot(ctx.db, id, { status: 'no-credits' });
        await tellOutOfCredits(ctx, row.userId);
      } else {
        await repo.settleSlot(ctx.db, id, { status: 'failed' });
      }
    }
  }
  return sent;
}

/** Once per spell without credits (until a check-in is sent again), the user is told. */
async function tellOutOfCredits(ctx: AppContext, userId: string) {
  const since = await repo.lastSentAt(ctx.db, userId);
  if (!(await claimNoCreditsNotice(ctx.db, userId, since))) return;
  await queuePush(ctx, { kind: 'no-credits', userId }).catch(() =>
    ctx.log.warn({ userId }, 'no-credits push not queued'),
  );
}
