import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Notice } from '../../../shared/safety/contract';
import type { CrisisResource, NoticeKind } from '../../../shared/safety/rules';
import type { Database, Executor } from '../../db/client';
import { statementOnce, type Bound } from '../../db/prepared';
import {
  conversationNotice,
  SAFETY_COUNT_SLOTS,
  safetyCountSlot,
  safetyHold,
  safetyMonthlyCount,
  user,
} from '../../db/schema';
import { pagesOf, type ExportParts } from '../../db/user-data';

/** The month a count belongs to: the first of the month, by the database's clock in UTC. */
const THIS_MONTH = sql`date_trunc('month', now() at time zone 'utc')::date`;
/** One of the month's count rows, at random (db/schema/safety.ts: counts queue on one row). */
const A_SLOT = sql.raw(`floor(random() * ${SAFETY_COUNT_SLOTS})::int`);

interface NoticeRow extends Record<string, unknown> {
  id: number | string;
  kind: NoticeKind;
  text: string;
  resources: CrisisResource[] | string | null;
  after_message_id: number | string | null;
  shown_at: Date | string;
}

function noticeOf(row: NoticeRow): Notice {
  const resources =
    typeof row.resources === 'string'
      ? (JSON.parse(row.resources) as CrisisResource[])
      : row.resources;
  return {
    id: Number(row.id),
    kind: row.kind,
    text: row.text,
    ...(resources ? { resources } : {}),
    shownAt: new Date(row.shown_at).toISOString(),
    afterMessageId: row.after_message_id === null ? null : Number(row.after_message_id),
  };
}

/** What recordNotices may show: each only when due (see there). */
export interface NoticesToRecord {
  userId: string;
  conversationId: number;
  /** The message the notices follow; null: the top of the conversation. */
  afterMessageId: number | null;
  /** The "not a human" notice's text, shown unless one was shown within `aiEverySeconds`. */
  aiText: string;
  aiEverySeconds: number;
  /** A crisis notice, shown once after `afterMessageId`; null: none. */
  crisis: { text: string; resources: CrisisResource[] } | null;
}

/**
 * Shows the notices that are due in one statement (it runs once per reply): the "not a human"
 * notice when none was shown in this conversation within the interval, a crisis notice when
 * asked for and none follows this message yet; and counts them for the month. Only in the
 * user's own conversation. Returns what was shown, the "not a human" notice first.
 */
export async function recordNotices(db: Database, n: NoticesToRecord): Promise<Notice[]> {
  const rows = await recordNoticesStatement(db, {
    userId: n.userId,
    conversationId: n.conversationId,
    afterMessageId: n.afterMessageId,
    aiText: n.aiText,
    aiEverySeconds: n.aiEverySeconds,
    wantCrisis: n.crisis !== null,
    crisisText: n.crisis?.text ?? '',
    resources: JSON.stringify(n.crisis?.resources ?? []),
  });
  return rows.map(noticeOf);
}

const recordNoticesStatement = statementOnce<
  {
    userId: string;
    conversationId: number;
    afterMessageId: number | null;
    aiText: string;
    aiEverySeconds: number;
    wantCrisis: boolean;
    crisisText: string;
    resources: string;
  },
  NoticeRow & { order: number }
>(
  (p) => sql`with conv as (
      select id from conversation where id = ${p.conversationId} and user_id = ${p.userId}
    ), ai as (
      insert into conversation_notice (user_id, conversation_id, kind, text, after_message_id)
      select ${p.userId}, conv.id, 'ai-disclosure', ${p.aiText}, ${p.afterMessageId}::bigint
      from conv
      where not exists (
        select 1 from conversation_notice n
        where n.conversation_id = conv.id and n.kind = 'ai-disclosure'
          and n.shown_at > now() - make_interval(secs => ${p.aiEverySeconds}::float8))
      returning id, kind, text, resources, after_message_id, shown_at
    ), crisis as (
      insert into conversation_notice
        (user_id, conversation_id, kind, text, resources, after_message_id)
      select ${p.userId}, conv.id, 'crisis', ${p.crisisText}, ${p.resources}::jsonb,
             ${p.afterMessageId}::bigint
      from conv
      where ${p.wantCrisis}::boolean and not exists (
        select 1 from conversation_notice n
        where n.conversation_id = conv.id and n.kind = 'crisis'
          and n.after_message_id is not distinct from ${p.afterMessageId}::bigint)
      returning id, kind, text, resources, after_message_id, shown_at
    ), counted as (
      insert into safety_count_slot (month, slot, ai_notices, crisis_referrals)
      select ${THIS_MONTH}, ${A_SLOT}, (select count(*) from ai)::int,
             (select count(*) from crisis)::int
      where exists (select 1 from ai) or exists (select 1 from crisis)
      on conflict (month, slot) do update set
        ai_notices = safety_count_slot.ai_notices + excluded.ai_notices,
        crisis_referrals = safety_count_slot.crisis_referrals + excluded.crisis_referrals
    )
    select 0 as order, * from ai union all select 1, * from crisis order by 1`,
);

/**
 * Shows the adults-only notice in the user's conversation (after its newest message) and pauses
 * the account, counting the pause for the month once per hold. Only in the user's own
 * conversation; the pause holds whatever conversation was named. Returns the notice, if shown.
 */
export async function pauseAsMinor(
  db: Database,
  values: {
    userId: string;
    conversationId: number | null;
    text: string;
    detectedBy: 'rule' | 'model';
  },
): Promise<Notice | null> {
  const { userId, conversationId, text, detectedBy } = values;
  const { rows } = await db.execute<NoticeRow>(sql`with conv as (
      select id, active_leaf_id from conversation
      where id = ${conversationId}::int and user_id = ${userId}
    ), hold as (
      insert into safety_hold (user_id, reason, detected_by, conversation_id)
      values (${userId}, 'self-declared-minor', ${detectedBy}, (select id from conv))
      on conflict (user_id) do update set
        paused_at = now(), detected_by = excluded.detected_by,
        conversation_id = excluded.conversation_id,
        reviewed_at = null, reviewed_by = null, outcome = null, note = null
      where safety_hold.outcome = 'released'
      returning user_id
    ), counted as (
      insert into safety_count_slot (month, slot, minors_paused)
      select ${THIS_MONTH}, ${A_SLOT}, 1 from hold
      on conflict (month, slot) do update set minors_paused = safety_count_slot.minors_paused + 1
    )
    insert into conversation_notice (user_id, conversation_id, kind, text, after_message_id)
    select ${userId}, conv.id, 'adults-only', ${text}, conv.active_leaf_id from conv
    returning id, kind, text, resources, after_message_id, shown_at`);
  return rows[0] ? noticeOf(rows[0]) : null;
}

/** True while the user's chatting is paused (a hold not released). */
export async function isPaused(db: Database, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ paused: boolean }>(
    sql`select exists (${pausedHoldOf(userId)}) as paused`,
  );
  return rows[0]?.paused === true;
}

/**
 * The condition "this user's chatting is not paused", for a statement that takes a credit for a
 * reply (credits' takeCreditSteps): a paused account takes none, in the same statement.
 */
export function chatNotPaused(userId: Bound<string> | SQL): SQL {
  return sql`not exists (${pausedHoldOf(userId)})`;
}

const pausedHoldOf = (userId: Bound<string> | SQL) =>
  sql`select 1 from safety_hold h
      where h.user_id = ${userId} and h.outcome is distinct from 'released'`;

/** The conversation's notices, oldest first: none when it is not the user's. */
export async function listNotices(db: Database, userId: string, conversationId: number) {
  const rows = await db
    .select({
      id: conversationNotice.id,
      kind: conversationNotice.kind,
      text: conversationNotice.text,
      resources: conversationNotice.resources,
      after_message_id: conversationNotice.afterMessageId,
      shown_at: conversationNotice.shownAt,
    })
    .from(conversationNotice)
    .where(
      and(
        eq(conversationNotice.userId, userId),
        eq(conversationNotice.conversationId, conversationId),
      ),
    )
    .orderBy(asc(conversationNotice.shownAt), asc(conversationNotice.id));
  return rows.map(noticeOf);
}

/** A crisis stays "recent" in a conversation this long: its replies are written with care. */
export const CRISIS_CONTEXT_HOURS = 24;

/**
 * The condition "a crisis notice was shown in this conversation within `hours`", as a boolean
 * column for the prompt's read: while a crisis is recent, every reply is written and checked
 * with care.
 */
export function recentCrisisJson(
  conversationId: Bound<number>,
  hours: number = CRISIS_CONTEXT_HOURS,
): SQL {
  return sql`exists (select 1 from conversation_notice n
    where n.conversation_id = ${conversationId} and n.kind = 'crisis'
      and n.shown_at > now() - make_interval(hours => ${sql.raw(String(Math.trunc(hours)))}))`;
}

// ---- staff --------------------------------------------------------------------------------

export async function monthlyCounts(db: Database, from: string, to: string) {
  // A month's counts: its slots, and its row from servers before decision 0072 (which may still
  // run beside new ones during a release).
  const counts = db
    .select({
      month: safetyCountSlot.month,
      crisisReferrals: safetyCountSlot.crisisReferrals,
      aiNotices: safetyCountSlot.aiNotices,
      minorsPaused: safetyCountSlot.minorsPaused,
    })
    .from(safetyCountSlot)
    .unionAll(
      db
        .select({
          month: safetyMonthlyCount.month,
          crisisReferrals: safetyMonthlyCount.crisisReferrals,
          aiNotices: safetyMonthlyCount.aiNotices,
          minorsPaused: safetyMonthlyCount.minorsPaused,
        })
        .from(safetyMonthlyCount),
    )
    .as('counts');
  return db
    .select({
      month: counts.month,
      crisisReferrals: sql<number>`sum(${counts.crisisReferrals})::int`,
      aiNotices: sql<number>`sum(${counts.aiNotices})::int`,
      minorsPaused: sql<number>`sum(${counts.minorsPaused})::int`,
    })
    .from(counts)
    .where(sql`${counts.month} between ${from}::date and ${to}::date`)
    .groupBy(counts.month)
    .orderBy(asc(counts.month));
}

const holdColumns = {
  userId: safetyHold.userId,
  email: user.email,
  name: user.name,
  reason: safetyHold.reason,
  detectedBy: safetyHold.detectedBy,
  conversationId: safetyHold.conversationId,
  pausedAt: safetyHold.pausedAt,
  reviewedAt: safetyHold.reviewedAt,
  outcome: safetyHold.outcome,
  note: safetyHold.note,
};

/** Paused accounts waiting for review (oldest first), or reviewed ones (newest first). */
export async function listHolds(db: Database, status: 'open' | 'reviewed') {
  const query = db
    .select(holdColumns)
    .from(safetyHold)
    .innerJoin(user, eq(user.id, safetyHold.userId));
  return status === 'open'
    ? query.where(isNull(safetyHold.outcome)).orderBy(asc(safetyHold.pausedAt)).limit(500)
    : query
        .where(sql`${safetyHold.outcome} is not null`)
        .orderBy(sql`${safetyHold.reviewedAt} desc`)
        .limit(500);
}

/** Records a staff review of a hold; null when the user has none. */
export async function reviewHold(
  db: Database,
  userId: string,
  review: { outcome: 'released' | 'upheld'; note: string | null; reviewedBy: string },
) {
  const [row] = await db
    .update(safetyHold)
    .set({
      outcome: review.outcome,
      note: review.note,
      reviewedBy: review.reviewedBy,
      reviewedAt: sql`now()`,
    })
    .where(eq(safetyHold.userId, userId))
    .returning({ userId: safetyHold.userId });
  if (!row) return null;
  const [hold] = await db
    .select(holdColumns)
    .from(safetyHold)
    .innerJoin(user, eq(user.id, safetyHold.userId))
    .where(eq(safetyHold.userId, userId));
  return hold ?? null;
}

// ---- the account's data ----------------------------------------------------------------------

const NOTICE_PAGE = 1000;

/** The export's notices (every one shown to the user) and the pause, if any (issue 41). */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    notices: pagesOf(
      (after: number | null) =>
        db
          .select({
            id: conversationNotice.id,
            conversationId: conversationNotice.conversationId,
            kind: conversationNotice.kind,
            text: conversationNotice.text,
            resources: conversationNotice.resources,
            afterMessageId: conversationNotice.afterMessageId,
            shownAt: conversationNotice.shownAt,
          })
          .from(conversationNotice)
          .where(
            and(
              eq(conversationNotice.userId, userId),
              after === null ? undefined : gt(conversationNotice.id, after),
            ),
          )
          .orderBy(asc(conversationNotice.id))
          .limit(NOTICE_PAGE),
      (row) => row.id,
      NOTICE_PAGE,
    ),
    chatPause: async () => {
      const [row] = await db
        .select({
          reason: safetyHold.reason,
          detectedBy: safetyHold.detectedBy,
          conversationId: safetyHold.conversationId,
          pausedAt: safetyHold.pausedAt,
          reviewedAt: safetyHold.reviewedAt,
          outcome: safetyHold.outcome,
        })
        .from(safetyHold)
        .where(eq(safetyHold.userId, userId));
      return row ?? null;
    },
  };
}

/**
 * The user's notices and pause go with the account; the monthly counts stay (they hold no user).
 */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(conversationNotice).where(eq(conversationNotice.userId, userId));
  await tx.delete(safetyHold).where(eq(safetyHold.userId, userId));
}

/** True when the conversation is the user's (the notices' list answers 404 otherwise). */
export async function ownsConversation(db: Database, userId: string, conversationId: number) {
  const { rows } = await db.execute<{ owned: boolean }>(
    sql`select exists (select 1 from conversation
        where id = ${conversationId} and user_id = ${userId}) as owned`,
  );
  return rows[0]?.owned === true;
}
