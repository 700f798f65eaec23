import {
  REPORT_NOT_FOUND,
  REPORT_REASONS,
  type FeedbackList,
  type MyReport,
  type MyReports,
  type ReportDetail,
  type ReportQueue,
  type ReportReason,
  type ReportRequest,
} from '../../../shared/reports/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { decisionsOf, removalsOf, standingOutcomes } from './decisions.repo';
import {
  characterDefinition,
  feedbackCounts,
  feedbackItems,
  insertReport,
  messagesAfter,
  messagesBefore,
  openCountsByReason,
  reportableCharacter,
  reportableMessage,
  reportById,
  reportedMessage,
  reportsAbout,
  reportsBy,
  queuedReports,
  type ContextRow,
  type OwnReportRow,
  type QueuedRow,
} from './reports.repo';

/** The queue and the feedback list show at most this many rows. */
const LIST_LIMIT = 200;
/** Earlier reports shown on a report's page. */
const EARLIER_LIMIT = 20;
/** Days the feedback counts cover (UTC, today included). */
const FEEDBACK_DAYS = 30;

/**
 * A message report keeps its conversation (set null only with the conversation); a character
 * report has none.
 */
const kindOf = (r: { messageId: number | null; conversationId: number | null }) =>
  r.messageId !== null || r.conversationId !== null ? ('message' as const) : ('character' as const);

const outcomeOf = (
  row: OwnReportRow,
  outcomes: Awaited<ReturnType<typeof standingOutcomes>>,
): Pick<MyReport, 'outcome' | 'decidedAt'> => {
  const standing = row.status === 'closed' ? outcomes.get(row.id) : undefined;
  return { outcome: standing?.action ?? null, decidedAt: standing?.at ?? null };
};

function myReport(row: OwnReportRow, outcomes: Awaited<ReturnType<typeof standingOutcomes>>) {
  return {
    id: row.id,
    kind: kindOf(row),
    reason: row.reason as ReportReason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...outcomeOf(row, outcomes),
  };
}

/**
 * A report of a message in one of the user's conversations, or of one of their characters:
 * anything else is 404 "Not found", whoever it belongs to. Reporting the same again answers the
 * first report (`created` false).
 */
export async function createReport(
  ctx: AppContext,
  userId: string,
  input: ReportRequest,
): Promise<{ report: MyReport; created: boolean }> {
  let about: { subjectUserId: string; conversationId: number | null; characterId: number | null };
  if (input.messageId !== undefined) {
    const found = await reportableMessage(ctx.db, userId, input.messageId);
    if (!found) throw notFound();
    about = {
      subjectUserId: found.ownerId,
      conversationId: found.conversationId,
      characterId: found.characterId,
    };
  } else {
    const found = await reportableCharacter(ctx.db, userId, input.characterId!);
    if (!found) throw notFound();
    about = { subjectUserId: found.ownerId, conversationId: null, characterId: input.characterId! };
  }
  const stored = await insertReport(ctx.db, {
    reporterId: userId,
    ...about,
    messageId: input.messageId ?? null,
    reason: input.reason,
    details: input.details ? input.details : null,
  });
  if (!stored) throw notFound();
  const outcomes = await standingOutcomes(ctx.db, [stored.row.id]);
  return { report: myReport(stored.row, outcomes), created: stored.created };
}

/** The reporter's notices: their reports with the outcome, and what moderation removed of theirs. */
export async function myReports(ctx: AppContext, userId: string): Promise<MyReports> {
  const rows = await reportsBy(ctx.db, userId);
  const [outcomes, removals] = await Promise.all([
    standingOutcomes(
      ctx.db,
      rows.map((r) => r.id),
    ),
    removalsOf(ctx.db, userId),
  ]);
  return { reports: rows.map((r) => myReport(r, outcomes)), removals };
}

function queued(row: QueuedRow) {
  return {
    id: row.id,
    kind: kindOf(row),
    reason: row.reason as ReportReason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reporterId: row.reporterId,
    subjectUserId: row.subjectUserId,
    characterName: row.characterName,
    hasDetails: row.details !== null && row.details !== '',
  };
}

/** The review queue: most serious first, then newest; open counts for every reason. */
export async function reportQueue(
  ctx: AppContext,
  status: 'open' | 'closed',
): Promise<ReportQueue> {
  const [rows, counts] = await Promise.all([
    queuedReports(ctx.db, status, LIST_LIMIT),
    openCountsByReason(ctx.db),
  ]);
  const openByReason = Object.fromEntries(
    REPORT_REASONS.map((reason) => [reason, counts.get(reason) ?? 0]),
  ) as Record<ReportReason, number>;
  return { reports: rows.map(queued), openByReason };
}

const shown = (m: ContextRow) => ({
  id: Number(m.id),
  sender: m.sender,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  removed: m.moderatedAt !== null,
});

/** The reported message with its context on its own branch (none for a character report). */
async function messageContext(db: Executor, row: QueuedRow) {
  if (row.messageId === null || row.conversationId === null) {
    return { message: null, before: [], after: [] };
  }
  const target = await reportedMessage(db, row.messageId, row.conversationId);
  if (!target) return { message: null, before: [], after: [] };
  const [before, after] = await Promise.all([
    messagesBefore(db, target, row.conversationId),
    messagesAfter(db, target, row.conversationId),
  ]);
  return { message: shown(target), before: before.map(shown), after: after.map(shown) };
}

/**
 * A report's page (staff): the report, the message in its context on its branch, the
 * character's definition, other reports about the same user or character, and the decisions.
 * Nothing else of the user's: no other conversation, no other branch.
 */
export async function reportDetail(ctx: AppContext, reportId: number): Promise<ReportDetail> {
  const row = await reportById(ctx.db, reportId);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  const [context, definition, earlier, decisions] = await Promise.all([
    messageContext(ctx.db, row),
    row.characterId === null ? null : characterDefinition(ctx.db, row.characterId),
    reportsAbout(ctx.db, { reportId, ...row }, EARLIER_LIMIT),
    decisionsOf(ctx.db, reportId),
  ]);
  return {
    report: { ...queued(row), details: row.details },
    ...context,
    character: definition && {
      id: definition.id,
      name: definition.name,
      description: definition.description,
      gender: definition.gender,
      personality: definition.personality,
      removed: definition.moderatedAt !== null,
    },
    earlier: earlier.map(queued),
    decisions,
  };
}

const RATING = { up: 'GOOD', down: 'BAD' } as const;
const ratingOf = (value: 'GOOD' | 'BAD') => (value === 'GOOD' ? 'up' : 'down');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The feedback users shared, newest first, with counts by model and by day (last 30 UTC days). */
export async function feedbackList(
  ctx: AppContext,
  rating: 'up' | 'down' | undefined,
  now = new Date(),
): Promise<FeedbackList> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (FEEDBACK_DAYS - 1) * DAY_MS);
  const [items, counts] = await Promise.all([
    feedbackItems(ctx.db, rating ? RATING[rating] : undefined, LIST_LIMIT),
    feedbackCounts(ctx.db, since),
  ]);
  const perDay = new Map(counts.byDay.map((d) => [d.day, d]));
  const byDay = Array.from({ length: FEEDBACK_DAYS }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const found = perDay.get(day);
    return { day, up: Number(found?.up ?? 0), down: Number(found?.down ?? 0) };
  });
  return {
    items: items.map((f) => ({
      id: f.id,
      rating: ratingOf(f.feedback),
      userMessage: f.userMessage,
      aiMessage: f.aiMessage,
      edited: f.edited,
      comment: f.comment,
      model: f.model,
      createdAt: f.createdAt.toISOString(),
    })),
    byModel: counts.byModel.map((m) => ({
      model: m.model,
      up: Number(m.up),
      down: Number(m.down),
    })),
    byDay,
  };
}
