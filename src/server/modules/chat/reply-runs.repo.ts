import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { statementOnce, type Bound } from '../../db/prepared';
import { conversation, replyRun, type ReplyRunState, type RunKeep } from '../../db/schema';
import type { FinalEvent, LoggedNotice } from './run-log';

/**
 * Reply runs as stored (db/schema/reply-runs.ts, decision 0049): every statement names the owner
 * or the server holding the lease, so no reader sees another user's run.
 */

export interface StoredRun {
  id: string;
  userId: string;
  state: ReplyRunState;
  text: string;
  notices: LoggedNotice[];
  final: FinalEvent | null;
  /** True while the lease of the server writing it holds. */
  leaseHeld: boolean;
}

/** The run's row, before the model is asked: queued, its lease held by `owner`. */
export async function insertRun(
  db: Database,
  run: {
    id: string;
    userId: string;
    conversationId: number;
    userMessageId: number;
    chargeId: number;
    keep: RunKeep;
  },
  owner: string,
  leaseMs: number,
) {
  await insertRunStatement(db, {
    ...run,
    keep: JSON.stringify(run.keep),
    owner,
    leaseMs,
  });
}

// Built once (statementOnce): a run's row and its end are two of a reply's few statements.
const insertRunStatement = statementOnce<
  {
    id: string;
    userId: string;
    conversationId: number;
    userMessageId: number;
    chargeId: number;
    keep: string;
    owner: string;
    leaseMs: number;
  },
  never
>(
  (p) => sql`insert into ${replyRun}
    (id, user_id, conversation_id, user_message_id, charge_id, keep, lease_owner, lease_until)
    values (${p.id}, ${p.userId}, ${p.conversationId}, ${p.userMessageId}, ${p.chargeId},
      ${p.keep}::jsonb, ${p.owner}, now() + ${p.leaseMs} * interval '1 millisecond')`,
);

/** A new run's id and its lease, to record with the message it answers (runRowWithMessage). */
export interface RunToRecord {
  id: string;
  owner: string;
  leaseMs: number;
}

/**
 * The run's row as a step of the statement that stores the user's message and takes its credit
 * (prompt-context.repo.ts, decision 0071): it reads that statement's `stored` (the message) and
 * `charge` steps, so it is written only when both were, and `keep` answers the new message. Not
 * in a group scene: its speaker, which the run keeps, is chosen after the statement (start()
 * writes that run's row with insertRun). `run.id` null: no row.
 */
export const runRowWithMessage = (
  run: { [K in keyof RunToRecord]: Bound<RunToRecord[K] | null> },
  userId: Bound<string>,
  conversationId: Bound<number>,
) => sql`insert into ${replyRun}
    (id, user_id, conversation_id, user_message_id, charge_id, keep, lease_owner, lease_until)
    select ${run.id}::text, ${userId}::text, ${conversationId}::int, s.id, c.id,
      jsonb_build_object('answers', s.id), ${run.owner}::text,
      -- From when the row is written, not from the statement's start: the statement may have
      -- waited for the credit's row, and the lease must not lapse before the run begins.
      clock_timestamp() + ${run.leaseMs}::int * interval '1 millisecond'
    from stored s, charge c
    where ${run.id}::text is not null and not exists (select 1 from ${conversation} g
      where g.id = ${conversationId} and g.user_id = ${userId} and g.group_scene)
    returning id`;

/** A run recorded with its message that will not start after all (its reply was refused). */
export async function deleteQueuedRun(db: Database, id: string, owner: string) {
  await db.execute(sql`delete from ${replyRun}
    where id = ${id} and lease_owner = ${owner} and state = 'queued'`);
}

/** A run whose server stopped renewing its lease, now this server's to continue. */
export interface ClaimedRun {
  id: string;
  userId: string;
  conversationId: number;
  userMessageId: number;
  chargeId: number;
  keep: RunKeep;
  text: string;
  notices: LoggedNotice[];
}

/**
 * Takes over the run whose lease lapsed longest ago, if any: its lease is `owner`'s from now.
 * Two servers looking at once take different runs (SKIP LOCKED), or one of them none.
 */
export async function claimLapsedRun(
  db: Database,
  owner: string,
  leaseMs: number,
): Promise<ClaimedRun | null> {
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    conversation_id: number;
    user_message_id: string | number;
    charge_id: string | number;
    keep: RunKeep;
    text: string;
    notices: LoggedNotice[];
  }>(sql`update ${replyRun} r set lease_owner = ${owner},
      lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    from (select id from ${replyRun}
      where state in ('queued', 'streaming') and lease_until < now()
      order by lease_until limit 1 for update skip locked) lapsed
    where r.id = lapsed.id
    returning r.id, r.user_id, r.conversation_id, r.user_message_id, r.charge_id, r.keep, r.text,
      r.notices`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    conversationId: row.conversation_id,
    userMessageId: Number(row.user_message_id),
    chargeId: Number(row.charge_id),
    keep: row.keep,
    text: row.text,
    notices: row.notices,
  };
}

/**
 * One statement for every run this server writes (about once a second): its lease renewed and,
 * where `text`/`notices` are given, what it told so far saved. Answers the ids of runs whose row
 * is gone (their conversation or account was deleted: the cascade took it), which nobody will
 * read or store.
 */
export async function saveRuns(
  db: Database,
  runs: { id: string; text?: string; notices?: LoggedNotice[] }[],
  owner: string,
  leaseMs: number,
): Promise<string[]> {
  if (runs.length === 0) return [];
  // The update runs whether or not the select reads it (PostgreSQL runs a data-modifying WITH
  // to completion), and the select sees the rows as they were before it.
  const { rows } = await db.execute<{ id: string }>(sql`with v as (
      select * from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb)
        as v(id text, text text, notices jsonb)
    ), saved as (
      update ${replyRun} r set
        text = coalesce(v.text, r.text),
        notices = coalesce(v.notices, r.notices),
        state = case when v.text is null then r.state else 'streaming' end,
        lease_until = now() + ${leaseMs} * interval '1 millisecond',
        updated_at = now()
      from v
      where r.id = v.id and r.lease_owner = ${owner} and r.state in ('queued', 'streaming')
    )
    select v.id from v where not exists (select 1 from ${replyRun} r where r.id = v.id)`);
  return rows.map((row) => row.id);
}

/**
 * The run's end: its text, notices and last event kept for late readers; the lease let go. Only
 * by the lease's holder: a server that lost its run to another (it stalled past its lease) must
 * not overwrite how the other ended it. (A paid reply or continue ends its run in the statement
 * that stores it, whoever holds the lease: reply.repo.ts.)
 */
export async function finishRun(
  db: Database,
  id: string,
  owner: string,
  end: { state: 'done' | 'failed'; text: string; notices: LoggedNotice[]; final: FinalEvent },
) {
  await finishRunStatement(db, {
    id,
    owner,
    state: end.state,
    text: end.text,
    notices: JSON.stringify(end.notices),
    final: JSON.stringify(end.final),
  });
}

const finishRunStatement = statementOnce<
  { id: string; owner: string; state: string; text: string; notices: string; final: string },
  never
>(
  (p) => sql`update ${replyRun} set state = ${p.state}, text = ${p.text},
      notices = ${p.notices}::jsonb, final = ${p.final}::jsonb,
      lease_owner = null, lease_until = null, updated_at = now()
    where id = ${p.id} and lease_owner = ${p.owner}`,
);

/** The user's run `id`, or null (another user's is not found either). */
export async function findRun(db: Database, userId: string, id: string): Promise<StoredRun | null> {
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    state: ReplyRunState;
    text: string;
    notices: LoggedNotice[];
    final: FinalEvent | null;
    lease_held: boolean;
  }>(sql`select id, user_id, state, text, notices, final,
      coalesce(lease_until > now(), false) as lease_held
    from ${replyRun} where id = ${id} and user_id = ${userId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    state: row.state,
    text: row.text,
    notices: row.notices,
    final: row.final,
    leaseHeld: row.lease_held,
  };
}

/**
 * Ended runs older than `keepMs` removed, and runs whose server stopped renewing their lease
 * `lapsedMs` ago ended as failed (their reply's credit is given back by the charge sweep).
 * Answers how many of each.
 */
export async function sweepRuns(
  db: Executor,
  keepMs: number,
  lapsedMs: number,
  cutOff: FinalEvent,
): Promise<{ removed: number; failed: number }> {
  const removed = await db.execute(sql`delete from ${replyRun}
    where state in ('done', 'failed') and updated_at < now() - ${keepMs} * interval '1 millisecond'
    returning id`);
  const failed = await db.execute(sql`update ${replyRun} set state = 'failed',
      final = ${JSON.stringify(cutOff)}::jsonb, lease_owner = null, lease_until = null,
      updated_at = now()
    where state in ('queued', 'streaming')
      and lease_until < now() - ${lapsedMs} * interval '1 millisecond'
    returning id`);
  return { removed: removed.rows.length, failed: failed.rows.length };
}
