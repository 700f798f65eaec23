import type { IncomingHttpHeaders } from 'node:http';
import type { SessionUser } from '../../../shared/auth/contract';
import { REPORT_NOT_FOUND, type DecisionRequest } from '../../../shared/reports/contract';
import { isStaffRole } from '../../../shared/staff/roles';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { requireAdmin } from '../../http/staff';
import { setSuspension } from '../staff';
import * as repo from './decisions.repo';

export const DECISION_MESSAGES = {
  decided: 'This report was decided already.',
  notAMessage: 'This report is not about a message.',
  noCharacter: 'This report’s character is gone.',
  noSubject: 'This report’s user is gone.',
  ownSuspension: 'You cannot suspend your own account.',
  staffNeedsAdmin: 'Only an admin can do this to a staff account.',
  decisionNotFound: 'Decision not found',
  reversed: 'This decision was reversed already.',
  ownReversal: 'A decision about your own account is for another admin to reverse.',
} as const;

type DecisionContext = Pick<AppContext, 'db' | 'log' | 'auth' | 'sessions'>;

/**
 * A report decided (issue 49): the decision row, its effect on the message or character and the
 * report closed in one transaction; a suspension after it commits, through the staff module's
 * setSuspension (better-auth's admin plugin, as the staff member: its own write). A suspension
 * that fails withdraws its decision.
 */
export async function decideReport(
  ctx: DecisionContext,
  staff: SessionUser,
  headers: IncomingHttpHeaders,
  reportId: number,
  { action, note }: DecisionRequest,
): Promise<void> {
  const found = await repo.reportForDecision(ctx.db, reportId);
  if (!found) throw notFound(REPORT_NOT_FOUND);
  if (found.status !== 'open') throw conflict(DECISION_MESSAGES.decided);
  if (action === 'remove-message' && found.messageId === null)
    throw badRequest(DECISION_MESSAGES.notAMessage);
  if (action === 'remove-character' && found.characterId === null)
    throw badRequest(DECISION_MESSAGES.noCharacter);
  if (action === 'suspend-user') {
    if (found.subjectUserId === null) throw badRequest(DECISION_MESSAGES.noSubject);
    if (found.subjectUserId === staff.id) throw badRequest(DECISION_MESSAGES.ownSuspension);
    if (isStaffRole(found.subjectRole ?? 'user') && staff.role !== 'admin')
      throw forbidden(DECISION_MESSAGES.staffNeedsAdmin);
  }
  const recorded = await repo.recordDecision(ctx.db, {
    reportId,
    action,
    note,
    actorId: staff.id,
    subjectUserId: found.subjectUserId,
    messageId: found.messageId,
    characterId: found.characterId,
  });
  if (recorded === null) throw conflict(DECISION_MESSAGES.decided);
  if (action === 'suspend-user' && found.subjectUserId !== null) {
    try {
      await setSuspension(ctx, staff, headers, found.subjectUserId, {
        suspended: true,
        reason: note,
      });
    } catch (error) {
      // Not suspended after all: no decision says it was, and the report waits again.
      await repo.withdrawDecision(ctx.db, recorded);
      throw error;
    }
  }
}

/**
 * An admin's reversal: the message or character back, the account restored (unless another
 * suspension of it stands), the report open to be decided again. Answers the report's id, for
 * its page.
 */
export async function reverseDecision(
  ctx: DecisionContext,
  staff: SessionUser,
  headers: IncomingHttpHeaders,
  decisionId: number,
  { note }: { note: string },
): Promise<number | null> {
  requireAdmin(staff);
  const decision = await repo.decisionById(ctx.db, decisionId);
  if (!decision) throw notFound(DECISION_MESSAGES.decisionNotFound);
  if (decision.reversedAt !== null) throw conflict(DECISION_MESSAGES.reversed);
  if (decision.action === 'suspend-user' && decision.subjectUserId === staff.id)
    throw badRequest(DECISION_MESSAGES.ownReversal);
  const reversed = await repo.recordReversal(ctx.db, decision, { actorId: staff.id, note });
  if (!reversed) throw conflict(DECISION_MESSAGES.reversed);
  const subject = decision.subjectUserId;
  // Restored unless another suspension stands: one decision undone lifts only itself.
  if (
    decision.action === 'suspend-user' &&
    subject !== null &&
    !(await repo.suspensionStandsBeyond(ctx.db, subject, decision))
  ) {
    try {
      await setSuspension(ctx, staff, headers, subject, { suspended: false, reason: note });
    } catch (error) {
      // Not restored after all: the decision stands again, as it still does on the account. (One
      // restored before the failure — the page read after it failed — keeps its reversal.)
      if (await repo.accountSuspended(ctx.db, subject))
        await repo.withdrawReversal(ctx.db, decision);
      throw error;
    }
  }
  return decision.reportId;
}
