import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { statementOnce } from '../../db/prepared';
import { replyCharge } from '../../db/schema';
import { appendToMessage, type MessageRow } from './messages.repo';
import { settleChargeStatement } from '../credits';
import {
  storedFromRow,
  storeMessageSteps,
  type RawStored,
  type StoredMessage,
} from './message-store.repo';

/**
 * A reply's last statement: storeMessage of the model's answer `content` after the message
 * `parentId` (it becomes the end of the history), with its charge `chargeId` settled alongside
 * (`alongsideRows` is 0 when the charge was no longer pending); nothing is stored (id 0) when
 * a reply was stored for that charge already. Built once (statementOnce, decision 0033): it
 * runs once per reply.
 */
export async function storeReplyAndSettle(
  db: Database,
  userId: string,
  conversationId: number,
  reply: {
    content: string;
    parentId: number;
    model: string | null;
    lore: string | null;
    /** A group scene's speaker (issue 51); null elsewhere. */
    speakerId: number | null;
  },
  chargeId: number,
): Promise<StoredMessage> {
  const rows = await storeReplyStatement(db, { userId, conversationId, ...reply, chargeId });
  return storedFromRow(rows[0]!);
}

const storeReplyStatement = statementOnce<
  {
    userId: string;
    conversationId: number;
    content: string;
    parentId: number;
    model: string | null;
    lore: string | null;
    speakerId: number | null;
    chargeId: number;
  },
  RawStored
>((p) => {
  const { steps, result } = storeMessageSteps(
    p.userId,
    p.conversationId,
    {
      sender: 'ai',
      content: p.content,
      parentId: p.parentId,
      model: p.model,
      lore: p.lore,
      speakerId: p.speakerId,
    },
    settleChargeStatement(p.chargeId),
    // Stored unless a reply was stored for this charge already: a server that stalled past its
    // run's lease, whose run another server took over and finished (decision 0049). A charge the
    // sweeper refunded still stores its reply (for free).
    // (A charge gone with its account or conversation still tries, and fails as not found.)
    sql`charge as (select 1 as id where not exists (
      select 1 from ${replyCharge} where id = ${p.chargeId} and status = 'done'))`,
  );
  return sql`with ${steps} select ${result}`;
});

/**
 * A continue's last step: `text` appended to the reply `messageId` and the charge `chargeId`
 * settled, in one transaction that holds the charge's row. Nothing is appended when the charge
 * was settled already ('finished': a server that stalled past its run's lease, whose run another
 * server took over and finished, decision 0049); null when the message is gone. A charge the
 * sweeper refunded still gets its words appended (for free), as a reply is stored.
 */
export async function appendContinuationAndSettle(
  db: Database,
  userId: string,
  messageId: number,
  text: string,
  chargeId: number,
): Promise<MessageRow | null | 'finished'> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select({ status: replyCharge.status })
      .from(replyCharge)
      .where(and(eq(replyCharge.id, chargeId), eq(replyCharge.userId, userId)))
      .for('update');
    if (charge?.status === 'done') return 'finished';
    const row = await appendToMessage(tx, userId, messageId, text);
    if (row) await tx.execute(settleChargeStatement(chargeId));
    return row;
  });
}
