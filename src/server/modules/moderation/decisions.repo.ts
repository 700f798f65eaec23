import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DecisionAction } from '../../../shared/reports/contract';
import type { Database, Executor } from '../../db/client';
import { followModeratedMessage } from '../chat';
import { forgetRemovedMessage } from '../memories';
import {
  character,
  conversation,
  message,
  moderationDecision,
  report,
  user,
} from '../../db/schema';

/** A report's decisions, newest first (the report's page on the console). */
export async function decisionsOf(db: Executor, reportId: number) {
  const rows = await db
    .select({
      id: moderationDecision.id,
      action: moderationDecision.action,
      note: moderationDecision.note,
      actorId: moderationDecision.actorId,
      createdAt: moderationDecision.createdAt,
      reversedAt: moderationDecision.reversedAt,
    })
    .from(moderationDecision)
    .where(eq(moderationDecision.reportId, reportId))
    .orderBy(desc(moderationDecision.id));
  return rows.map((r) => ({
    ...r,
    action: r.action as DecisionAction,
    createdAt: r.createdAt.toISOString(),
    reversedAt: r.reversedAt?.toISOString() ?? null,
  }));
}

/** The decisions about one user, newest first (their page in the console). */
export async function decisionsAbout(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: moderationDecision.id,
      action: moderationDecision.action,
      note: moderationDecision.note,
      reportId: moderationDecision.reportId,
      createdAt: moderationDecision.createdAt,
      reversedAt: moderationDecision.reversedAt,
    })
    .from(moderationDecision)
    .where(eq(moderationDecision.subjectUserId, userId))
    .orderBy(desc(moderationDecision.id))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    action: r.action as DecisionAction,
    createdAt: r.createdAt.toISOString(),
    reversedAt: r.reversedAt?.toISOString() ?? null,
  }));
}

const REMOVALS = ['remove-message', 'remove-character', 'suspend-user'] as const;
const KIND = {
  'remove-message': 'message',
  'remove-character': 'character',
  'suspend-user': 'account',
} as const;

/** What moderation removed of the user's (or gave back): their notices list. Newest first. */
export async function removalsOf(db: Executor, userId: string) {
  const rows = await db
    .select({
      decisionId: moderationDecision.id,
      action: moderationDecision.action,
      characterName: character.name,
      conversationId: message.conversationId,
      createdAt: moderationDecision.createdAt,
      reversedAt: moderationDecision.reversedAt,
    })
    .from(moderationDecision)
    .leftJoin(character, eq(character.id, moderationDecision.characterId))
    .leftJoin(message, eq(message.id, moderationDecision.messageId))
    .where(
      and(
        eq(moderationDecision.subjectUserId, userId),
        inArray(moderationDecision.action, [...REMOVALS]),
      ),
    )
    .orderBy(desc(moderationDecision.id))
    .limit(100);
  return rows.map((r) => ({
    decisionId: r.decisionId,
    kind: KIND[r.action as (typeof REMOVALS)[number]],
    characterName: r.characterName,
    conversationId: r.conversationId,
    createdAt: r.createdAt.toISOString(),
    reversedAt: r.reversedAt?.toISOString() ?? null,
  }));
}

/** The latest decision on each of these reports that still stands (their outcome). */
export async function standingOutcomes(db: Executor, reportIds: readonly number[]) {
  if (reportIds.length === 0) return new Map<number, { action: DecisionAction; at: string }>();
  const rows = await db.execute<{ report_id: string | number; action: string; at: Date | string }>(
    sql`select distinct on (report_id) report_id, action, created_at as at
        from ${moderationDecision}
        where report_id in ${reportIds} and reversed_at is null
        order by report_id, id desc`,
  );
  return new Map(
    rows.rows.map((r) => [
      Number(r.report_id),
      { action: r.action as DecisionAction, at: new Date(r.at).toISOString() },
    ]),
  );
}

/**
 * What a decision acts on: the report, with its character (a message report's conversation's
 * character) and the subject's role (a moderator may not suspend staff).
 */
export async function reportForDecision(db: Executor, reportId: number) {
  const [row] = await db
    .select({
      id: report.id,
      status: report.status,
      subjectUserId: report.subjectUserId,
      messageId: report.messageId,
      characterId: sql<
        number | null
      >`coalesce(${report.characterId}, ${conversation.characterId})`.mapWith((v: unknown) =>
        v === null ? null : Number(v),
      ),
      subjectRole: user.role,
    })
    .from(report)
    .leftJoin(conversation, eq(conversation.id, report.conversationId))
    .leftJoin(user, eq(user.id, report.subjectUserId))
    .where(eq(report.id, reportId));
  return row;
}

export interface NewDecision {
  reportId: number;
  action: DecisionAction;
  note: string;
  actorId: string;
  subjectUserId: string | null;
  messageId: number | null;
  characterId: number | null;
}

/**
 * The decision, its effect on the message or character, and the report closed: one transaction.
 * Answers the decision's id, or null when the report was closed meanwhile (nothing written).
 */
export async function recordDecision(db: Database, decision: NewDecision): Promise<number | null> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(report)
      .set({ status: 'closed', closedAt: sql`now()` })
      .where(and(eq(report.id, decision.reportId), eq(report.status, 'open')))
      .returning({ id: report.id });
    if (closed.length === 0) return null;
    const [inserted] = await tx
      .insert(moderationDecision)
      .values(decision)
      .returning({ id: moderationDecision.id });
    if (decision.action === 'remove-message' && decision.messageId !== null) {
      const [removed] = await tx
        .update(message)
        .set({ moderatedAt: sql`now()` })
        .where(eq(message.id, decision.messageId))
        .returning({ conversationId: message.conversationId, userId: message.userId });
      await followModeratedMessage(tx, decision.messageId, 'removed');
      if (removed) await forgetRemovedMessage(tx, { messageId: decision.messageId, ...removed });
    }
    if (decision.action === 'remove-character' && decision.characterId !== null)
      await tx
        .update(character)
        .set({ moderatedAt: sql`now()` })
        .where(eq(character.id, decision.characterId));
    return inserted!.id;
  });
}

/**
 * A decision whose effect could not be carried out (a suspension refused): it goes, and its
 * report is open again, in one transaction.
 */
export async function withdrawDecision(db: Database, decisionId: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(moderationDecision)
      .where(eq(moderationDecision.id, decisionId))
      .returning({ reportId: moderationDecision.reportId });
    if (gone?.reportId != null)
      await tx
        .update(report)
        .set({ status: 'open', closedAt: null })
        .where(eq(report.id, gone.reportId));
  });
}

/**
 * A suspension's reversal whose unban could not be carried out: the decision stands again and its
 * report is closed again, in one transaction (as withdrawDecision undoes a decision).
 */
export async function withdrawReversal(
  db: Database,
  decision: { id: number; reportId: number | null },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(moderationDecision)
      .set({ reversedAt: null, reversedBy: null, reversalNote: null })
      .where(eq(moderationDecision.id, decision.id));
    // Closed when the decision was made (recordDecision closes it in the decision's transaction).
    if (decision.reportId !== null)
      await tx
        .update(report)
        .set({
          status: 'closed',
          closedAt: sql`(select ${moderationDecision.createdAt} from ${moderationDecision}
            where ${moderationDecision.id} = ${decision.id})`,
        })
        .where(and(eq(report.id, decision.reportId), eq(report.status, 'open')));
  });
}

/** Whether the account is suspended now (better-auth's ban). */
export async function accountSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
  return row?.banned ?? false;
}

/** A decision as its reversal needs it. */
export async function decisionById(db: Executor, decisionId: number) {
  const [row] = await db
    .select({
      id: moderationDecision.id,
      reportId: moderationDecision.reportId,
      action: moderationDecision.action,
      subjectUserId: moderationDecision.subjectUserId,
      messageId: moderationDecision.messageId,
      characterId: moderationDecision.characterId,
      note: moderationDecision.note,
      reversedAt: moderationDecision.reversedAt,
    })
    .from(moderationDecision)
    .where(eq(moderationDecision.id, decisionId));
  return row ? { ...row, action: row.action as DecisionAction } : undefined;
}

/**
 * Whether the account `userId` stays suspended when the suspension `decision` (reversed already)
 * is undone: another suspension decision still stands, or the account was suspended since with
 * another reason (on the user page, which records no decision).
 */
export async function suspensionStandsBeyond(
  db: Executor,
  userId: string,
  decision: { note: string },
): Promise<boolean> {
  const { rows } = await db.execute<{ stands: boolean }>(sql`select
      exists (select 1 from ${moderationDecision} d where d.subject_user_id = ${userId}
        and d.action = 'suspend-user' and d.reversed_at is null)
      or exists (select 1 from ${user} u where u.id = ${userId} and u.banned
        and u.ban_reason is distinct from ${decision.note}) as stands`);
  return rows[0]?.stands === true;
}

/**
 * Reverses a decision in one transaction: the message or character back (unless another decision
 * that still stands removed it too), the reversal recorded, the report open again. Answers false
 * when it was reversed meanwhile.
 */
export async function recordReversal(
  db: Database,
  decision: NonNullable<Awaited<ReturnType<typeof decisionById>>>,
  by: { actorId: string; note: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const reversed = await tx
      .update(moderationDecision)
      .set({ reversedAt: sql`now()`, reversedBy: by.actorId, reversalNote: by.note })
      .where(and(eq(moderationDecision.id, decision.id), isNull(moderationDecision.reversedAt)))
      .returning({ id: moderationDecision.id });
    if (reversed.length === 0) return false;
    if (decision.action === 'remove-message' && decision.messageId !== null) {
      await tx
        .update(message)
        .set({ moderatedAt: null })
        .where(
          and(
            eq(message.id, decision.messageId),
            sql`not exists (select 1 from ${moderationDecision} d where d.message_id = ${decision.messageId}
                  and d.action = 'remove-message' and d.reversed_at is null)`,
          ),
        );
      await followModeratedMessage(tx, decision.messageId, 'restored');
    }
    if (decision.action === 'remove-character' && decision.characterId !== null)
      await tx
        .update(character)
        .set({ moderatedAt: null })
        .where(
          and(
            eq(character.id, decision.characterId),
            sql`not exists (select 1 from ${moderationDecision} d where d.character_id = ${decision.characterId}
                  and d.action = 'remove-character' and d.reversed_at is null)`,
          ),
        );
    if (decision.reportId !== null)
      await tx
        .update(report)
        .set({ status: 'open', closedAt: null })
        .where(eq(report.id, decision.reportId));
    return true;
  });
}
