import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { statementOnce } from '../db/prepared';
import { creditAccount, modelUsage, user } from '../db/schema';
import type { UsagePurpose } from '../integrations/llm';

/** One model call as the usage page counts it (issue 48 part 3): no text, no prompt. */
export interface UsageEntry {
  userId: string | null;
  purpose: UsagePurpose;
  /** An allow-list name (or 'other'), never what a client sent. */
  model: string;
  ok: boolean;
  inputTokens: number;
  outputTokens: number;
  /** The provider sent no usage report: the counts are our estimate. */
  estimated: boolean;
  /** Streams that gave text: milliseconds from the request to the first text. */
  ttftMs: number | null;
}

/** Records one call; resolves once the row is written or its failure logged (never rejects). */
export type UsageRecorder = (entry: UsageEntry) => Promise<void>;

/**
 * Writes `model_usage` rows after the call has finished: the plan is the account's at that
 * moment, read by the insert itself. The gateway awaits the write (so a reply that finished has
 * its row, also when the server stops right after) but it never fails one: an error is logged
 * without the statement's values and dropped (a lost row costs the operator a figure, not the
 * user an answer). One insert after the model's last token is off the time to first token.
 *
 * Calls that finish while a write is under way wait for it and then go in one statement
 * together (decision 0071): with many replies in flight, a statement per call was a round trip
 * and a backend's work each, which the replies starting beside them waited for. A lone call is
 * written at once, as before.
 *
 * The row keeps the account's id only while the account exists: deleting it sets the id to null
 * (the foreign key), and the account's export leaves these rows out. They are the operator's
 * accounting — a model, a purpose, counts and times, no text — and stay whole without naming
 * anyone.
 */
export function usageRecorder(db: Database, log: Logger): UsageRecorder {
  let waiting: { rows: UsageRow[]; written: Promise<void> } | null = null;
  let writing: Promise<void> = Promise.resolve();
  return (entry) => {
    const row = usageRow(entry);
    if (waiting) {
      waiting.rows.push(row);
      return waiting.written;
    }
    const rows = [row];
    // The next statement starts once the one being written has ended, with every row come since.
    const written = writing.then(() => {
      if (waiting?.rows === rows) waiting = null;
      return insertUsage(db, { rows: JSON.stringify(rows) }).then(
        () => undefined,
        (err: unknown) => log.warn({ err, rows: rows.length }, 'model usage not recorded'),
      );
    });
    waiting = { rows, written };
    writing = written;
    return written;
  };
}

/** A row as the statement reads it (jsonb_to_recordset): counts rounded and never negative. */
interface UsageRow {
  user_id: string | null;
  model: string;
  purpose: UsagePurpose;
  ok: boolean;
  input_tokens: number;
  output_tokens: number;
  estimated: boolean;
  ttft_ms: number | null;
}

/** A count as its `int` column holds it: a provider's absurd figure must not fail the batch. */
const INT_MAX = 2 ** 31 - 1;
const count = (value: number) => Math.min(INT_MAX, Math.max(0, Math.round(value) || 0));

const usageRow = (entry: UsageEntry): UsageRow => ({
  user_id: entry.userId,
  model: entry.model,
  purpose: entry.purpose,
  ok: entry.ok,
  input_tokens: count(entry.inputTokens),
  output_tokens: count(entry.outputTokens),
  estimated: entry.estimated,
  ttft_ms: entry.ttftMs === null ? null : count(entry.ttftMs),
});

/**
 * Every row of `rows` (a JSON array of UsageRow), with each account's plan as it is now. An
 * account deleted since its call is named by no row (as its deletion would have left the row):
 * its id would fail the foreign key, and with it every other account's row of the statement.
 */
const insertUsage = statementOnce<{ rows: string }, never>(
  (p) => sql`insert into ${modelUsage}
      (user_id, plan, model, purpose, ok, input_tokens, output_tokens, estimated, ttft_ms)
    select us.id, a.plan, u.model, u.purpose, u.ok, u.input_tokens, u.output_tokens,
      u.estimated, u.ttft_ms
    from jsonb_to_recordset(${p.rows}::jsonb) as u(user_id text, model text,
      purpose text, ok boolean, input_tokens int, output_tokens int, estimated boolean,
      ttft_ms int)
    left join ${user} us on us.id = u.user_id
    left join ${creditAccount} a on a.user_id = us.id`,
);
