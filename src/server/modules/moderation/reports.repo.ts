import { and, asc, desc, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  REPORT_CONTEXT_MESSAGES,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/reports/contract';
import type { Database, Executor } from '../../db/client';
import { character, conversation, feedback, message, report } from '../../db/schema';
import { iso, pagesOf, type ExportParts } from '../../db/user-data';
import { standingOutcomes } from './decisions.repo';

/**
 * Reports (issue 49): what a user may report, the report itself, the queue, and a report's page:
 * the reported message with its context on its own branch, never another branch or conversation.
 */

/** A message the user may report: one in a conversation of theirs (null otherwise). */
export async function reportableMessage(db: Executor, userId: string, messageId: number) {
  const [row] = await db
    .select({
      conversationId: conversation.id,
      ownerId: conversation.userId,
      characterId: conversation.characterId,
    })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .where(and(eq(message.id, messageId), eq(conversation.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A character the user may report: their own (null otherwise). */
export async function reportableCharacter(db: Executor, userId: string, characterId: number) {
  const [row] = await db
    .select({ ownerId: character.userId })
    .from(character)
    .where(and(eq(character.id, characterId), eq(character.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface NewReport {
  reporterId: string;
  subjectUserId: string;
  messageId: number | null;
  characterId: number | null;
  conversationId: number | null;
  reason: ReportReason;
  details: string | null;
}

const ownColumns = {
  id: report.id,
  messageId: report.messageId,
  conversationId: report.conversationId,
  reason: report.reason,
  status: report.status,
  createdAt: report.createdAt,
};
export type OwnReportRow = {
  id: number;
  messageId: number | null;
  conversationId: number | null;
  reason: string;
  status: 'open' | 'closed';
  createdAt: Date;
};

/**
 * Stores the report, or finds the one this user made before about the same message (or
 * character): the unique indexes make the second one nothing. `created` tells which.
 */
export async function insertReport(db: Database, value: NewReport) {
  const [inserted] = await db
    .insert(report)
    .values(value)
    .onConflictDoNothing()
    .returning(ownColumns);
  if (inserted) return { row: inserted as OwnReportRow, created: true };
  const [existing] = await db
    .select(ownColumns)
    .from(report)
    .where(
      and(
        eq(report.reporterId, value.reporterId),
        value.messageId !== null
          ? eq(report.messageId, value.messageId)
          : and(isNull(report.messageId), eq(report.characterId, value.characterId!)),
      ),
    )
    .limit(1);
  // Gone between the two statements (the account deleted meanwhile): nothing to answer with.
  return existing ? { row: existing as OwnReportRow, created: false } : null;
}

/** The user's own reports, newest first. */
export async function reportsBy(db: Executor, userId: string, limit = 200) {
  const rows = await db
    .select(ownColumns)
    .from(report)
    .where(eq(report.reporterId, userId))
    .orderBy(desc(report.createdAt), desc(report.id))
    .limit(limit);
  return rows as OwnReportRow[];
}

/** The queue's order: the reasons most serious first (REPORT_REASONS), then newest. */
const seriousness = sql`case ${report.reason} ${sql.join(
  REPORT_REASONS.map((r, i) => sql`when ${r} then ${i}`),
  sql` `,
)} else ${REPORT_REASONS.length} end`;

const queuedColumns = {
  id: report.id,
  messageId: report.messageId,
  conversationId: report.conversationId,
  reason: report.reason,
  status: report.status,
  createdAt: report.createdAt,
  reporterId: report.reporterId,
  subjectUserId: report.subjectUserId,
  characterId: report.characterId,
  characterName: character.name,
  details: report.details,
};

/** The review queue: no message text, only what each report is about. */
export function queuedReports(db: Executor, status: 'open' | 'closed', limit: number) {
  return db
    .select(queuedColumns)
    .from(report)
    .leftJoin(character, eq(character.id, report.characterId))
    .where(eq(report.status, status))
    .orderBy(seriousness, desc(report.createdAt), desc(report.id))
    .limit(limit);
}

export type QueuedRow = Awaited<ReturnType<typeof queuedReports>>[number];

/** Open reports counted by reason. */
export async function openCountsByReason(db: Executor) {
  const rows = await db
    .select({ reason: report.reason, count: sql<number>`count(*)::int` })
    .from(report)
    .where(eq(report.status, 'open'))
    .groupBy(report.reason);
  return new Map(rows.map((r) => [r.reason, Number(r.count)]));
}

export async function reportById(db: Executor, reportId: number) {
  const [row] = await db
    .select(queuedColumns)
    .from(report)
    .leftJoin(character, eq(character.id, report.characterId))
    .where(eq(report.id, reportId))
    .limit(1);
  return row ?? null;
}

/** Other reports about the same user or the same character, newest first. */
export function reportsAbout(
  db: Executor,
  about: { reportId: number; subjectUserId: string | null; characterId: number | null },
  limit: number,
) {
  const same = [
    about.subjectUserId === null ? undefined : eq(report.subjectUserId, about.subjectUserId),
    about.characterId === null ? undefined : eq(report.characterId, about.characterId),
  ].filter((c) => c !== undefined);
  if (same.length === 0) return Promise.resolve([] as QueuedRow[]);
  return db
    .select(queuedColumns)
    .from(report)
    .leftJoin(character, eq(character.id, report.characterId))
    .where(and(ne(report.id, about.reportId), or(...same)))
    .orderBy(desc(report.createdAt), desc(report.id))
    .limit(limit);
}

const contextColumns = {
  id: message.id,
  parentId: message.parentId,
  sender: message.sender,
  content: message.content,
  createdAt: message.createdAt,
  moderatedAt: message.moderatedAt,
};
export type ContextRow = {
  id: number;
  parentId: number | null;
  sender: 'user' | 'ai';
  content: string;
  createdAt: Date;
  moderatedAt: Date | null;
};

/** The reported message, when it is still in its conversation. */
export async function reportedMessage(db: Executor, messageId: number, conversationId: number) {
  const [row] = await db
    .select(contextColumns)
    .from(message)
    .where(and(eq(message.id, messageId), eq(message.conversationId, conversationId)))
    .limit(1);
  return (row as ContextRow | undefined) ?? null;
}

/** These messages of the conversation, in the order of `ids`. */
async function messagesInOrder(db: Executor, conversationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = (await db
    .select(contextColumns)
    .from(message)
    .where(
      and(inArray(message.id, ids), eq(message.conversationId, conversationId)),
    )) as ContextRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const N = REPORT_CONTEXT_MESSAGES;
const idsOf = (rows: Record<string, unknown>[], key = 'id') =>
  rows.flatMap((r) => (r[key] === null || r[key] === undefined ? [] : [Number(r[key])]));

/** Up to N messages before the reported one: its ancestors, oldest first. */
export async function messagesBefore(db: Executor, target: ContextRow, conversationId: number) {
  if (target.parentId === null) return [];
  const { rows } = await db.execute<{ id: string | number }>(sql`
    with recursive up as (
      select m.id, m.parent_id, 1 as depth from ${message} m
       where m.id = ${target.parentId} and m.conversation_id = ${conversationId}
      union all
      select m.id, m.parent_id, up.depth + 1 from up join ${message} m on m.id = up.parent_id
       where up.depth < ${N} and m.conversation_id = ${conversationId}
    )
    select id from up order by depth desc`);
  return messagesInOrder(db, conversationId, idsOf(rows));
}

/**
 * Up to N messages after the reported one on its branch: the conversation's current path when
 * the message is on it (walked up from the active leaf, ids only, until it is met), else the
 * newest reply at each step.
 */
export async function messagesAfter(db: Executor, target: ContextRow, conversationId: number) {
  const onPath = await db.execute<{ id: string | number | null }>(sql`
    with recursive up as (
      select m.id, m.parent_id, 0 as depth from ${message} m
       where m.id = (select active_leaf_id from ${conversation} where id = ${conversationId})
         and m.conversation_id = ${conversationId}
      union all
      select m.id, m.parent_id, up.depth + 1 from up join ${message} m on m.id = up.parent_id
       where up.id <> ${target.id} and m.conversation_id = ${conversationId}
    ),
    met as (select depth from up where id = ${target.id})
    select up.id from met left join up on up.depth < met.depth and up.depth >= met.depth - ${N}
     order by up.depth desc`);
  if (onPath.rows.length > 0) return messagesInOrder(db, conversationId, idsOf(onPath.rows));
  const { rows } = await db.execute<{ id: string | number }>(sql`
    with recursive down as (
      select ${target.id}::bigint as id, 0 as depth
      union all
      select (select c.id from ${message} c
               where c.conversation_id = ${conversationId} and c.parent_id = down.id
               order by c.id desc limit 1),
             down.depth + 1
        from down where down.id is not null and down.depth < ${N}
    )
    select id from down where depth > 0 and id is not null order by depth`);
  return messagesInOrder(db, conversationId, idsOf(rows));
}

/** The character's definition as staff read it. */
export async function characterDefinition(db: Executor, characterId: number) {
  const [row] = await db
    .select({
      id: character.id,
      name: character.name,
      description: character.description,
      gender: character.gender,
      personality: character.personality,
      moderatedAt: character.moderatedAt,
    })
    .from(character)
    .where(eq(character.id, characterId))
    .limit(1);
  return row ?? null;
}

/** The feedback users gave, newest first, with the model of the rated reply's conversation. */
export function feedbackItems(db: Executor, rating: 'GOOD' | 'BAD' | undefined, limit: number) {
  return db
    .select({
      id: feedback.id,
      feedback: feedback.feedback,
      userMessage: feedback.userMessage,
      aiMessage: feedback.aiMessage,
      edited: feedback.edited,
      comment: feedback.comment,
      model: conversation.model,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .leftJoin(message, eq(message.id, feedback.messageId))
    .leftJoin(conversation, eq(conversation.id, message.conversationId))
    .where(rating ? eq(feedback.feedback, rating) : undefined)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
}

/** Feedback since `since`, counted by model and by UTC day. */
export async function feedbackCounts(db: Executor, since: Date) {
  const up = sql<number>`(count(*) filter (where ${feedback.feedback} = 'GOOD'))::int`;
  const down = sql<number>`(count(*) filter (where ${feedback.feedback} = 'BAD'))::int`;
  const day = sql<string>`to_char(${feedback.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const recent = gte(feedback.createdAt, since);
  const [byModel, byDay] = await Promise.all([
    db
      .select({ model: conversation.model, up, down })
      .from(feedback)
      .leftJoin(message, eq(message.id, feedback.messageId))
      .leftJoin(conversation, eq(conversation.id, message.conversationId))
      .where(recent)
      .groupBy(conversation.model)
      .orderBy(asc(conversation.model)),
    db.select({ day, up, down }).from(feedback).where(recent).groupBy(day),
  ]);
  return { byModel, byDay };
}

const EXPORT_PAGE = 500;

/** The account export's reports (issue 49): the reports the user made, with their outcome. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    reports: pagesOf(
      async (after: number | null) => {
        const rows = await db
          .select({
            id: report.id,
            messageId: report.messageId,
            characterId: report.characterId,
            conversationId: report.conversationId,
            reason: report.reason,
            details: report.details,
            status: report.status,
            createdAt: report.createdAt,
            closedAt: report.closedAt,
          })
          .from(report)
          .where(
            and(eq(report.reporterId, userId), after === null ? undefined : gt(report.id, after)),
          )
          .orderBy(asc(report.id))
          .limit(EXPORT_PAGE);
        const outcomes = await standingOutcomes(
          db,
          rows.map((r) => r.id),
        );
        return rows.map((r) => ({
          ...r,
          createdAt: iso(r.createdAt),
          closedAt: iso(r.closedAt),
          outcome: outcomes.get(r.id)?.action ?? null,
        }));
      },
      (row) => row.id,
      EXPORT_PAGE,
    ),
  };
}

/** The user's reports go with their account; the decisions taken on them stay (report_id null). */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(report).where(eq(report.reporterId, userId));
}
