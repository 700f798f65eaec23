import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CheckInSettings } from '../../../shared/check-ins/contract';
import type { Database, Executor } from '../../db/client';
import type { ExportParts } from '../../db/user-data';
import { character, checkIn, checkInSetting, user } from '../../db/schema';
import { chatNotPaused } from '../safety';

/** Check-in settings and the slots taken (issue 52 part 3). */

export type SettingRow = typeof checkInSetting.$inferSelect;

export async function ownsCharacter(db: Database, userId: string, characterId: number) {
  const rows = await db
    .select({ id: character.id })
    .from(character)
    .where(and(eq(character.id, characterId), eq(character.userId, userId)));
  return rows.length > 0;
}

export async function readSetting(db: Database, userId: string, characterId: number) {
  const [row] = await db
    .select()
    .from(checkInSetting)
    .where(and(eq(checkInSetting.characterId, characterId), eq(checkInSetting.userId, userId)));
  return row ?? null;
}

export async function writeSetting(
  db: Database,
  userId: string,
  characterId: number,
  s: CheckInSettings,
) {
  const value = {
    enabled: s.enabled,
    times: [...s.times].sort(),
    days: [...s.days].sort(),
    timezone: s.timezone,
    quietFrom: s.quietHours?.from ?? null,
    quietTo: s.quietHours?.to ?? null,
    maxPerDay: s.maxPerDay,
  };
  const [row] = await db
    .insert(checkInSetting)
    .values({ characterId, userId, ...value })
    .onConflictDoUpdate({
      target: checkInSetting.characterId,
      set: { ...value, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/**
 * The settings switched on whose owner may be written to now: not suspended, chatting not paused
 * (the adults-only pause), the character not removed by moderation.
 */
export async function activeSettings(db: Database): Promise<SettingRow[]> {
  return db
    .select(getTableColumns(checkInSetting))
    .from(checkInSetting)
    .innerJoin(user, eq(user.id, checkInSetting.userId))
    .innerJoin(character, eq(character.id, checkInSetting.characterId))
    .where(
      and(
        eq(checkInSetting.enabled, true),
        sql`not (${user.banned} and (${user.banExpires} is null or ${user.banExpires} > now()))`,
        chatNotPaused(sql`${checkInSetting.userId}`),
        sql`${character.moderatedAt} is null`,
      ),
    );
}

/**
 * Takes a slot: true for exactly one caller of all servers (the unique slot index); false when
 * it was taken, or the character's daily limit is reached on the slot's local day.
 */
export async function claimSlot(
  db: Database,
  s: { userId: string; characterId: number; slotAt: Date; localDay: string; maxPerDay: number },
): Promise<number | null> {
  const { rows } = await db.execute<{ id: string | number }>(sql`
    insert into ${checkIn} (user_id, character_id, slot_at, local_day)
    select ${s.userId}, ${s.characterId}, ${s.slotAt.toISOString()}::timestamptz, ${s.localDay}
     where (select count(*) from ${checkIn}
             where character_id = ${s.characterId} and local_day = ${s.localDay}
               and status = 'sent') < ${s.maxPerDay}
    on conflict (character_id, slot_at) do nothing
    returning id`);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function settleSlot(
  db: Database,
  id: number,
  s: { status: 'sent' | 'no-credits' | 'failed'; conversationId?: number; messageId?: number },
) {
  await db
    .update(checkIn)
    .set({ status: s.status, conversationId: s.conversationId, messageId: s.messageId })
    .where(eq(checkIn.id, id));
}

/** The user's last check-in sent, of any character (a 'no credits' notice is once per spell). */
export async function lastSentAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: checkIn.createdAt })
    .from(checkIn)
    .where(and(eq(checkIn.userId, userId), eq(checkIn.status, 'sent')))
    .orderBy(desc(checkIn.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The character's last check-in skipped for want of credits, if none was sent after it. */
export async function skippedForCreditsAt(db: Database, userId: string, characterId: number) {
  const [row] = await db
    .select({ at: checkIn.createdAt, status: checkIn.status })
    .from(checkIn)
    .where(
      and(
        eq(checkIn.userId, userId),
        eq(checkIn.characterId, characterId),
        sql`${checkIn.status} in ('sent', 'no-credits')`,
      ),
    )
    .orderBy(desc(checkIn.createdAt), desc(checkIn.id))
    .limit(1);
  return row?.status === 'no-credits' ? row.at : null;
}

export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    checkInSettings: () =>
      db
        .select({
          characterId: checkInSetting.characterId,
          enabled: checkInSetting.enabled,
          times: checkInSetting.times,
          days: checkInSetting.days,
          timezone: checkInSetting.timezone,
          quietFrom: checkInSetting.quietFrom,
          quietTo: checkInSetting.quietTo,
          maxPerDay: checkInSetting.maxPerDay,
        })
        .from(checkInSetting)
        .where(eq(checkInSetting.userId, userId)),
    checkIns: () =>
      db
        .select({
          characterId: checkIn.characterId,
          slotAt: checkIn.slotAt,
          localDay: checkIn.localDay,
          status: checkIn.status,
          conversationId: checkIn.conversationId,
          messageId: checkIn.messageId,
          createdAt: checkIn.createdAt,
        })
        .from(checkIn)
        .where(eq(checkIn.userId, userId)),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(checkIn).where(eq(checkIn.userId, userId));
  await tx.delete(checkInSetting).where(eq(checkInSetting.userId, userId));
}
