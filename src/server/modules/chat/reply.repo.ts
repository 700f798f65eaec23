import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { statementOnce } from '../../db/prepared';
import { replyRun } from '../../db/schema';
import { appendToMessage, type MessageRow } from './messages.repo';
import { storedChargeSteps } from '../credits';
import {
  storedFromRow,
  storeMessageSteps,
  type RawStored,
  type StoredMessage,
} from './message-store.repo';

/**
 * A reply's last statement: storeMessage of the model's answer `content` after the message
 * `parentId` (it becomes the end of the history), with its charge `chargeId` settled alongside
 * (`settled`: 'done' when paid; 'free' for a reply the protocol withheld, whose credits the same
 * statement gives back (`creditedBack`), or for a charge the sweeper refunded meanwhile);
 * nothing is stored (id 0) when a reply was stored for that charge already (decision 0049). With
 * `runEnd`, the reply's run is ended in the same statement (decision 0071): `done`, with what it
 * told and its final event, whose `messageId` is the stored reply's; `runEnded` says whether it
 * was (not when it had ended done already). Built once (statementOnce, decision 0033): it runs
 * once per reply.
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
  runEnd: RunEndRow | null = null,
  withheld = false,
): Promise<StoredReply> {
  const rows = await storeReplyStatement(db, {
    userId,
    conversationId,
    ...reply,
    chargeId,
    withheld,
    runId: runEnd?.id ?? null,
    runText: runEnd?.text ?? null,
    runNotices: runEnd?.notices ?? null,
    runFinal: runEnd?.final ?? null,
  });
  const row = rows[0]!;
  return {
    ...storedFromRow(row),
    runEnded: row.run_ended > 0,
    settled: row.settled,
    creditedBack: row.credited > 0,
  };
}

/** What storeReplyAndSettle stored (`id` 0: nothing, the reply was stored already). */
export interface StoredReply extends StoredMessage {
  runEnded: boolean;
  /** What the charge became: null when it was settled already, or is gone. */
  settled: 'done' | 'free' | null;
  /** A withheld reply's credits were given back. */
  creditedBack: boolean;
}

/**
 * A run's end as storeReplyAndSettle writes it: `notices` and `final` as JSON text, `final` the
 * `done` event whose `data.messageId` the statement fills in.
 */
export interface RunEndRow {
  id: string;
  text: string;
  notices: string;
  final: string;
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
    withheld: boolean;
    runId: string | null;
    runText: string | null;
    runNotices: string | null;
    runFinal: string | null;
  },
  RawStored & { run_ended: number; settled: 'done' | 'free' | null; credited: number }
>((p) => {
  // Stored unless a reply was stored for this charge already: a server that stalled past its
  // run's lease, whose run another server took over and finished (decision 0049), whether either
  // reply was paid or withheld. A charge the sweeper refunded still stores its reply (for free).
  const charge = storedChargeSteps(p.userId, p.chargeId, p.withheld);
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
    charge.settle,
    charge.held,
  );
  // The run's end, only with the reply, and whoever holds its lease: the stored reply is the
  // run's answer. A server that stalled past its lease and stores first ends the run that
  // another server took over (which then finds the reply stored and tells this end); a run
  // ended failed or cut off meanwhile ends done, as the conversation shows it.
  const runEnd = endRunDone(
    { id: p.runId, text: p.runText, notices: p.runNotices },
    sql`jsonb_set(${p.runFinal}::jsonb, '{data,messageId}', to_jsonb((select id from stored)))`,
    sql`exists (select 1 from stored)`,
  );
  return sql`with ${steps}, run_end as (${runEnd})
    select ${result}, (select count(*) from run_end)::int as run_ended,
      (select status from alongside) as settled, (select count(*) from credited)::int as credited`;
});

/**
 * A continue's last step: `text` appended to the reply `messageId` and the charge `chargeId`
 * settled as storeReplyAndSettle settles it (a withheld continue's credits given back:
 * `creditedBack`), in one transaction that holds the charge's row. Nothing is appended when a
 * reply was stored for the charge already ('finished': a server that stalled past its run's
 * lease, whose run another server took over and finished, decision 0049); null when the message
 * is gone. A charge the sweeper refunded still gets its words appended (for free), as a reply is
 * stored. With `runEnd`, the run is ended `done` in the same transaction, as storeReplyAndSettle
 * ends it (its `final` given the reply's id, whole text and lore); `runEnded` says whether it was.
 */
export async function appendContinuationAndSettle(
  db: Database,
  userId: string,
  messageId: number,
  text: string,
  chargeId: number,
  { runEnd, withheld }: { runEnd?: RunEndRow | undefined; withheld: boolean },
): Promise<(MessageRow & { runEnded: boolean; creditedBack: boolean }) | null | 'finished'> {
  try {
    return await db.transaction(async (tx) => {
      // Settled (a withheld continue's credits given back) before the message and its
      // conversation are written: the account first, as a user's message takes them. The same
      // statement locks the charge and says whether its reply was stored already (by another
      // server of this run): then nothing is written.
      const { held, settle, finished } = storedChargeSteps(userId, chargeId, withheld);
      const { rows: settled } = await tx.execute<{ credited: number; finished: boolean }>(
        sql`with ${held}, settled as (${settle})
          select (select count(*) from credited)::int as credited, ${finished} as finished`,
      );
      if (settled[0]!.finished) return 'finished';
      const creditedBack = settled[0]!.credited > 0;
      const row = await appendToMessage(tx, userId, messageId, text);
      if (!row) throw new MessageGone(); // the settlement goes with the transaction
      if (!runEnd) return { ...row, runEnded: false, creditedBack };
      const final = sql`jsonb_set(jsonb_set(jsonb_set(${runEnd.final}::jsonb,
        '{data,messageId}', to_jsonb(${row.id}::bigint)),
        '{data,message}', to_jsonb(${row.content}::text)),
        '{data,lore}', coalesce(${row.lore === null ? null : JSON.stringify(row.lore)}::jsonb, '[]'::jsonb))`;
      const { rows } = await tx.execute(endRunDone(runEnd, final, sql`true`));
      return { ...row, runEnded: rows.length > 0, creditedBack };
    });
  } catch (error) {
    if (error instanceof MessageGone) return null;
    throw error;
  }
}

/** The message a continue appends to is gone (deleted while the model wrote). */
class MessageGone extends Error {}

/**
 * The run `run` ended `done` with what it told and its `final` event (SQL that fills in the
 * stored reply), whoever holds its lease, unless it ended done already or `condition` is false;
 * returns the run's id when it was ended. The one place a reply's store ends its run.
 */
function endRunDone(
  // Values or a prepared statement's placeholders.
  run: { id: unknown; text: unknown; notices: unknown },
  final: SQL,
  condition: SQL,
): SQL {
  return sql`update ${replyRun} set state = 'done', text = ${run.text}::text,
      notices = ${run.notices}::jsonb, final = ${final},
      lease_owner = null, lease_until = null, updated_at = now()
    where id = ${run.id}::text and state <> 'done' and ${condition}
    returning id`;
}
