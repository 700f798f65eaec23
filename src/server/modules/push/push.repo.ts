import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/notifications/contract';
import type { Database, Executor } from '../../db/client';
import type { ExportParts } from '../../db/user-data';
import {
  character,
  conversation,
  message,
  notificationSetting,
  pushSubscription,
} from '../../db/schema';

/** Push subscriptions and notification settings (issue 52 part 2). */

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for `userId`. The same endpoint posted again (new keys) is
 * updated; posted by another account (the browser signed in as someone else) it moves here, so
 * one browser never notifies two accounts.
 */
export async function upsertSubscription(
  db: Database,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string },
) {
  const [row] = await db
    .insert(pushSubscription)
    .values({ userId, ...s })
    .onConflictDoUpdate({
      target: pushSubscription.endpoint,
      set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: sql`now()` },
    })
    .returning({ id: pushSubscription.id, createdAt: pushSubscription.createdAt });
  return row!;
}

export async function countSubscriptions(db: Database, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${pushSubscription} where user_id = ${userId}`,
  );
  return rows[0]!.n;
}

/** The oldest subscriptions past the cap go (browsers long gone rarely say so). */
export async function trimSubscriptions(db: Database, userId: string, keep: number) {
  await db.execute(sql`
    delete from ${pushSubscription} where user_id = ${userId} and id not in (
      select id from ${pushSubscription} where user_id = ${userId}
       order by created_at desc, id desc limit ${keep})`);
}

export async function deleteSubscription(db: Database, userId: string, id: number) {
  const gone = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.id, id), eq(pushSubscription.userId, userId)))
    .returning({ id: pushSubscription.id });
  return gone.length > 0;
}

/** A subscription its push service says is gone (404, 410). */
export async function dropSubscriptionById(db: Database, id: number) {
  await db.delete(pushSubscription).where(eq(pushSubscription.id, id));
}

export async function subscriptionsOf(db: Database, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscription.id,
      endpoint: pushSubscription.endpoint,
      p256dh: pushSubscription.p256dh,
      auth: pushSubscription.auth,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId));
}

export async function readSettings(db: Database, userId: string) {
  const [row] = await db
    .select({
      replies: notificationSetting.replies,
      previews: notificationSetting.previews,
      noCreditsToldAt: notificationSetting.noCreditsToldAt,
    })
    .from(notificationSetting)
    .where(eq(notificationSetting.userId, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_SETTINGS, noCreditsToldAt: null };
}

export async function writeSettings(
  db: Database,
  userId: string,
  s: { replies: boolean; previews: boolean },
) {
  await db
    .insert(notificationSetting)
    .values({ userId, ...s })
    .onConflictDoUpdate({
      target: notificationSetting.userId,
      set: { ...s, updatedAt: sql`now()` },
    });
}

/**
 * Marks the user as told that a check-in was skipped for want of credits; false when they were
 * told already since `since` (the last check-in sent), so they are told once per spell.
 */
export async function claimNoCreditsNotice(db: Database, userId: string, since: Date | null) {
  const { rows } = await db.execute<{ told: boolean }>(sql`
    insert into ${notificationSetting} (user_id, no_credits_told_at) values (${userId}, now())
    on conflict (user_id) do update set no_credits_told_at = now()
     where ${notificationSetting.noCreditsToldAt} is null
        or ${notificationSetting.noCreditsToldAt} < ${since?.toISOString() ?? null}::timestamptz
    returning true as told`);
  return rows.length > 0;
}

/** Whether the user has a browser subscribed and wants finished replies told. */
export async function wantsReplies(db: Database, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ wanted: boolean }>(sql`
    select exists (select 1 from ${pushSubscription} where user_id = ${userId})
       and coalesce((select replies from ${notificationSetting} where user_id = ${userId}), true)
       as wanted`);
  return rows[0]?.wanted === true;
}

/**
 * A message to tell the user about, with its speaker's name (a group scene's) or the
 * conversation's character's; undefined when it is gone or removed by moderation.
 */
export async function messageToTell(
  db: Database,
  userId: string,
  conversationId: number,
  messageId: number,
) {
  const { rows } = await db.execute<{ content: string; name: string | null }>(sql`
    select m.content, coalesce(s.name, c.name) as name
      from ${message} m join ${conversation} v on v.id = m.conversation_id
      left join ${character} s on s.id = m.speaker_id
      left join ${character} c on c.id = v.character_id
     where m.id = ${messageId} and m.user_id = ${userId}
       and m.conversation_id = ${conversationId} and m.moderated_at is null`);
  return rows[0];
}

/** How many of the user's conversations have messages they have not seen. */
export async function unreadConversations(db: Executor, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${conversation}
     where user_id = ${userId} and coalesce(active_leaf_id, 0) > read_up_to`);
  return rows[0]!.n;
}

export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    notificationSettings: async () => {
      const s = await readSettings(db, userId);
      // With when the user was last told their credits had run out.
      return { replies: s.replies, previews: s.previews, noCreditsToldAt: s.noCreditsToldAt };
    },
    // The endpoints are the browsers' push addresses: the count says enough.
    pushSubscriptions: async () => ({ browsers: await countSubscriptions(db, userId) }),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(pushSubscription).where(eq(pushSubscription.userId, userId));
  await tx.delete(notificationSetting).where(eq(notificationSetting.userId, userId));
}
