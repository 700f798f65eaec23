import { MESSAGE_NOT_FOUND, type LoreMark } from '../../../shared/chat/contract';
import { continuationJoin } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { isMissingReference } from '../../db/sql-errors';
import { HttpError, notFound } from '../../errors';
import type { RunKeep } from '../../db/schema';
import {
  appendContinuationAndSettle,
  storeReplyAndSettle,
  type RunEndRow,
  type StoredReply,
} from './reply.repo';

/**
 * The reply was stored by the other server of its run (one of the two stalled past the run's
 * lease, decision 0049): nothing stored here. The run tells the stored end instead.
 */
export class FinishedElsewhere extends HttpError {
  constructor() {
    super(409, 'This reply was finished on another server.');
  }
}

/**
 * Step 8 of a reply (reply.service.ts): what the model wrote, stored with the conversation's
 * preview and count, and the charge settled; for a reply the protocol withheld (`withheld`),
 * stored free: its credits given back in the same statement. Either is stored once per charge:
 * a server that finds the reply stored by the other server of its run stores nothing.
 */

/** What storing a reply needs of its record. */
export interface ReplyKeeping {
  conversationId: number;
  /** The model the conversation had, and the one this reply is made with. */
  conversationModel: string | null;
  model: string;
  chargeId: number;
  /** What the reply becomes, and a scene's speaker (the run's record of it). */
  keep: RunKeep;
}

/** What was stored: the reply (whole, after a continue), and the lore its marker lists. */
export interface StoredAnswer {
  messageId: number;
  message: string;
  lore: LoreMark[];
  messageCount?: number;
  /** The statement (or a continue's transaction) that stored it also ended its run (`runEnd`). */
  runEnded?: boolean;
  /** A withheld reply's credits were given back (not when the sweeper had given them back). */
  creditedBack: boolean;
}

/**
 * `lore`: the lorebook entries the prompt carried, kept with a new reply (a continue keeps the
 * reply's own: it goes on with what that reply began). `runEnd`: the reply's run, ended with the
 * reply or continue it stores (else its end is written on its own).
 */
export function storeAnswer(
  ctx: AppContext,
  userId: string,
  record: ReplyKeeping,
  text: string,
  withheld: boolean,
  lore: LoreMark[],
  runEnd?: RunEndRow,
): Promise<StoredAnswer> {
  const { keep } = record;
  if ('continues' in keep)
    return storeContinuation(ctx, userId, record, keep.continues, text, withheld, runEnd);
  return storeReply(ctx, userId, record, { reply: text, lore }, keep.answers, withheld, runEnd);
}

/**
 * The reply, the conversation's preview and count, and the charge settled, in one statement. A
 * charge the sweeper already refunded (the reply took too long) is not taken again: the user gets
 * that reply free, the safe side.
 */
async function storeReply(
  ctx: AppContext,
  userId: string,
  { conversationId, conversationModel, model, chargeId, keep }: ReplyKeeping,
  { reply, lore }: { reply: string; lore: LoreMark[] },
  answers: number,
  withheld: boolean,
  runEnd: RunEndRow | undefined,
): Promise<StoredAnswer> {
  // The model it was made with, remembered if the conversation had another (an operator's
  // LLM_MODELS no longer listing it); a requested one was stored with the user's message.
  const value = {
    content: reply,
    parentId: answers,
    model: conversationModel !== model ? model : null,
    lore: lore.length ? JSON.stringify(lore) : null,
    speakerId: keep.speakerId ?? null,
  };
  let stored: StoredReply;
  try {
    stored = await storeReplyAndSettle(
      ctx.db,
      userId,
      conversationId,
      value,
      chargeId,
      runEnd,
      withheld,
    );
  } catch (error) {
    // The message it answers (or its conversation, or the account) was deleted while the model
    // wrote: told as a continue tells it, the charge refunded by the caller.
    if (isMissingReference(error)) throw notFound(MESSAGE_NOT_FOUND);
    throw error;
  }
  // Another server took this reply's run over and stored it (this one stalled past its lease).
  if (!stored.id) {
    ctx.log.warn({ chargeId }, 'reply not stored: another server finished it');
    throw new FinishedElsewhere();
  }
  if (stored.settled !== (withheld ? 'free' : 'done'))
    ctx.log.warn({ chargeId }, 'reply stored free: its charge was given back while it was written');
  const { id: messageId, messageCount, runEnded, creditedBack } = stored;
  return { messageId, message: reply, lore, messageCount, runEnded, creditedBack };
}

/** A continue: the addition appended to the reply it continues, then the charge settled. */
async function storeContinuation(
  ctx: AppContext,
  userId: string,
  { chargeId }: ReplyKeeping,
  continued: { messageId: number; content: string },
  addition: string,
  withheld: boolean,
  runEnd: RunEndRow | undefined,
): Promise<StoredAnswer> {
  const { messageId } = continued;
  // A withheld addition (the note saying so) is a paragraph of its own after what was there.
  const joined = withheld ? `\n\n${addition}` : continuationJoin(continued.content, addition);
  const row = await appendContinuationAndSettle(ctx.db, userId, messageId, joined, chargeId, {
    runEnd,
    withheld,
  });
  if (!row) throw notFound(MESSAGE_NOT_FOUND); // deleted while the model wrote
  // Another server took this continue's run over and stored it (this one stalled past its lease).
  if (row === 'finished') {
    ctx.log.warn({ chargeId }, 'reply not stored: another server finished it');
    throw new FinishedElsewhere();
  }
  const { runEnded, creditedBack } = row;
  return { messageId, message: row.content, lore: row.lore ?? [], runEnded, creditedBack };
}
