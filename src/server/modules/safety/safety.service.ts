import { CONVERSATION_NOT_FOUND } from '../../../shared/chat/contract';
import {
  HOLD_NOT_FOUND,
  REPORT_MAX_MONTHS,
  REPORT_MONTH_INVALID,
  type Notice,
  type SafetyHold,
  type SafetyReport,
  type SafetyStatus,
} from '../../../shared/safety/contract';
import {
  ADULTS_ONLY_PAUSED_MESSAGE,
  aiDisclosureText,
  crisisNoticeText,
  type CrisisResource,
} from '../../../shared/safety/rules';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { crisisSteering, recentCrisisSteering } from '../../prompts/safety.prompt';
import { NOTHING_FOUND, screenMessage, type ScreenMode } from './message-screen';
import { ReplyGuard } from './reply-guard';
import * as repo from './safety.repo';
import { decideScreen } from './second-opinion';

/**
 * The companion-app law's protocol (NY GBL Art. 47, CA SB 243; decision 0042), as the chat asks
 * for it: screen each user message before the reply, show the notices that are due, steer and
 * check the reply, pause a self-declared minor's chatting. Nothing here logs or stores message
 * text.
 */

export interface MessageVerdict {
  /** The message expressed suicidal ideation or self-harm (the rule, or the model's opinion). */
  crisis: boolean;
}

const NO_CRISIS: MessageVerdict = Object.freeze({ crisis: false });

/**
 * Screens a message the user sends, before anything is charged or stored. A self-declared minor
 * pauses the account: the adults-only notice is shown in `conversationId` (if it is theirs) and
 * this request, like every later reply, answers 403. A message with nothing of either answers at
 * once (the rule is one synchronous pass); an unclear one waits for the model's second opinion.
 */
export async function screenUserMessage(
  ctx: AppContext,
  userId: string,
  conversationId: number | null,
  message: string,
  mode: ScreenMode,
): Promise<MessageVerdict> {
  const screen = screenMessage(message, mode);
  if (screen === NOTHING_FOUND) return NO_CRISIS;
  const verdict = await decideScreen(ctx, userId, message, mode, screen);
  if (verdict.minor) {
    await repo.pauseAsMinor(ctx.db, {
      userId,
      conversationId,
      text: ADULTS_ONLY_PAUSED_MESSAGE,
      detectedBy: verdict.minorDetectedBy,
    });
    // The event, not the words: who, and how it was found.
    ctx.log.warn(
      { userId, detectedBy: verdict.minorDetectedBy },
      'chat paused: self-declared minor',
    );
    throw forbidden(ADULTS_ONLY_PAUSED_MESSAGE);
  }
  if (verdict.crisis) ctx.log.info({ userId }, 'crisis protocol: message screened positive');
  return verdict.crisis ? { crisis: true } : NO_CRISIS;
}

/** Only the user's message's crisis part (a regenerated or continued reply's message). */
export async function screenForCrisis(
  ctx: AppContext,
  userId: string,
  message: string,
  mode: ScreenMode,
): Promise<boolean> {
  const screen = screenMessage(message, mode);
  if (screen.crisis === 'none') return false;
  const verdict = await decideScreen(ctx, userId, message, mode, { ...screen, minor: 'none' });
  return verdict.crisis;
}

/** 403 with the adults-only message while the user's chatting is paused. */
export async function requireChatAllowed(ctx: AppContext, userId: string): Promise<void> {
  if (await repo.isPaused(ctx.db, userId)) throw forbidden(ADULTS_ONLY_PAUSED_MESSAGE);
}

export async function safetyStatus(ctx: AppContext, userId: string): Promise<SafetyStatus> {
  const paused = await repo.isPaused(ctx.db, userId);
  return { chatPaused: paused, message: paused ? ADULTS_ONLY_PAUSED_MESSAGE : null };
}

/** The statement condition a reply's credit is taken under (a paused account takes none). */
export const chatNotPaused = repo.chatNotPaused;

/**
 * The notices due before a reply in `conversationId`, shown after `afterMessageId`: the "not a
 * human" notice at the start and again after AI_NOTICE_EVERY_MINUTES, a crisis notice (once per
 * message) when `crisis`.
 */
export async function noticesForReply(
  ctx: AppContext,
  n: {
    userId: string;
    conversationId: number;
    characterName: string;
    /** A group scene's characters, all named by the "not a human" notice (issue 51). */
    sceneNames?: readonly string[] | undefined;
    afterMessageId: number | null;
    crisis: boolean;
  },
): Promise<Notice[]> {
  const everyMs = ctx.config.safety.aiNoticeEveryMinutes * 60_000;
  let shown = aiNoticeShown.get(ctx.db);
  if (!shown) aiNoticeShown.set(ctx.db, (shown = new Map()));
  // Nothing can be due: this server showed the "not a human" notice here lately.
  if (!n.crisis && (shown.get(n.conversationId) ?? 0) > Date.now()) return [];
  const notices = await repo.recordNotices(ctx.db, {
    userId: n.userId,
    conversationId: n.conversationId,
    afterMessageId: n.afterMessageId,
    aiText: aiDisclosureText(n.sceneNames ?? n.characterName),
    aiEverySeconds: everyMs / 1000,
    crisis: n.crisis ? crisisNotice(ctx, n.characterName) : null,
  });
  if (notices.some((notice) => notice.kind === 'ai-disclosure')) {
    if (shown.size >= AI_NOTICES_REMEMBERED) shown.clear();
    // A tenth of the interval early, so the database (whose clock decides) is asked in time.
    shown.set(n.conversationId, Date.now() + everyMs * 0.9);
  }
  return notices;
}

/**
 * Conversations where this server showed the "not a human" notice, and until when none can be
 * due there: most replies then need no statement for the notices. Another server, or this one
 * after a restart, asks the database, which decides. Per database: one process may serve more
 * than one (tests, the browser tests' two apps).
 */
const aiNoticeShown = new WeakMap<AppContext['db'], Map<number, number>>();
const AI_NOTICES_REMEMBERED = 100_000;

function crisisNotice(ctx: AppContext, characterName: string) {
  return { text: crisisNoticeText(characterName), resources: ctx.config.safety.crisisResources };
}

/**
 * How a reply is made and checked: with the crisis steering when this message showed a crisis,
 * with the gentler one while a crisis is recent in the conversation; the guard then checks it
 * as a crisis turn (the whole reply before any of it is shown).
 */
export function replyCare(
  ctx: AppContext,
  characterName: string,
  turn: { crisis: boolean; recentCrisis: boolean },
): { steering: string | null; guard: ReplyGuard } {
  const resources = ctx.config.safety.crisisResources;
  const steering = turn.crisis
    ? crisisSteering(characterName, resources)
    : turn.recentCrisis
      ? recentCrisisSteering(characterName, resources)
      : null;
  return { steering, guard: new ReplyGuard(turn.crisis || turn.recentCrisis) };
}

/** What a withheld reply becomes: why, and where help is. */
export function withheldReplyText(resources: readonly CrisisResource[]): string {
  const first = resources[0];
  const where = first
    ? ` You can reach ${first.name}${first.phone ? ` (call ${first.phone}${first.text ? ` or text ${first.text}` : ''})` : ''} at ${first.url}.`
    : '';
  return (
    '(This reply was withheld because it could have encouraged self-harm. If you are ' +
    `struggling, please talk to a real person now: you deserve support.${where})`
  );
}

/**
 * A reply withheld by the guard: the crisis notice after the message it answered (once), so the
 * services are in front of the user whatever the reply would have said.
 */
export function noticesForWithheldReply(
  ctx: AppContext,
  n: {
    userId: string;
    conversationId: number;
    characterName: string;
    sceneNames?: readonly string[] | undefined;
    afterMessageId: number | null;
  },
): Promise<Notice[]> {
  ctx.log.warn({ userId: n.userId }, 'crisis protocol: a reply was withheld');
  return noticesForReply(ctx, { ...n, crisis: true });
}

/** GET /api/conversations/:id/notices (404 when the conversation is not the user's). */
export async function listNotices(ctx: AppContext, userId: string, conversationId: number) {
  const notices = await repo.listNotices(ctx.db, userId, conversationId);
  // Most conversations have notices: only an empty list needs to tell "none" from "not yours".
  if (notices.length === 0 && !(await repo.ownsConversation(ctx.db, userId, conversationId))) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  return notices;
}

// ---- staff --------------------------------------------------------------------------------

const monthIndex = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return y! * 12 + (m! - 1);
};
const monthOf = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * Counts per month from `from` to `to` (YYYY-MM, both included; every month listed, 0 when
 * nothing happened); without them, the twelve months up to this one. No user id, no text.
 */
export async function safetyReport(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<SafetyReport> {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const to = query.to ? monthIndex(query.to) : thisMonth;
  const from = query.from ? monthIndex(query.from) : to - 11;
  if (from > to) throw badRequest(REPORT_MONTH_INVALID);
  if (to - from + 1 > REPORT_MAX_MONTHS) {
    throw badRequest(`A report covers at most ${REPORT_MAX_MONTHS} months.`);
  }
  const rows = await repo.monthlyCounts(ctx.db, `${monthOf(from)}-01`, `${monthOf(to)}-01`);
  const byMonth = new Map(rows.map((r) => [r.month.slice(0, 7), r]));
  const months = [];
  for (let i = from; i <= to; i++) {
    const month = monthOf(i);
    const row = byMonth.get(month);
    months.push({
      month,
      crisisReferrals: row?.crisisReferrals ?? 0,
      aiNotices: row?.aiNotices ?? 0,
      minorsPaused: row?.minorsPaused ?? 0,
    });
  }
  return { months };
}

function holdView(row: Awaited<ReturnType<typeof repo.listHolds>>[number]): SafetyHold {
  return {
    ...row,
    pausedAt: row.pausedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function listHolds(ctx: AppContext, status: 'open' | 'reviewed') {
  return (await repo.listHolds(ctx.db, status)).map(holdView);
}

export const OWN_HOLD_MESSAGE = 'Another staff member must review a pause of your own account.';

/** A staff review of a paused account: 'released' lets it chat again, 'upheld' keeps it paused. */
export async function reviewHold(
  ctx: AppContext,
  staffId: string,
  userId: string,
  review: { outcome: 'released' | 'upheld'; note?: string | undefined },
) {
  // The person paused is not the one to judge it (a staff account that chats can be paused too).
  if (userId === staffId) throw badRequest(OWN_HOLD_MESSAGE);
  const row = await repo.reviewHold(ctx.db, userId, {
    outcome: review.outcome,
    note: review.note || null,
    reviewedBy: staffId,
  });
  if (!row) throw notFound(HOLD_NOT_FOUND);
  ctx.log.info({ staffId, userId, outcome: review.outcome }, 'staff reviewed a chat pause');
  return holdView(row);
}
