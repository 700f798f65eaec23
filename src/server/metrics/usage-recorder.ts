import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { creditAccount, modelUsage } from '../db/schema';
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
 * Writes `model_usage` rows, one statement each, after the call has finished: the plan is the
 * account's at that moment, read by the insert itself. The gateway awaits the write (so a reply
 * that finished has its row, also when the server stops right after) but it never fails one: an
 * error is logged without the statement's values and dropped (a lost row costs the operator a
 * figure, not the user an answer). One insert after the model's last token is off the time to
 * first token.
 *
 * The row keeps the account's id only while the account exists: deleting it sets the id to null
 * (the foreign key), and the account's export leaves these rows out. They are the operator's
 * accounting — a model, a purpose, counts and times, no text — and stay whole without naming
 * anyone.
 */
export function usageRecorder(db: Database, log: Logger): UsageRecorder {
  return (entry) => {
    const plan = entry.userId
      ? sql`(select ${creditAccount.plan} from ${creditAccount} where ${creditAccount.userId} = ${entry.userId})`
      : null;
    return db
      .insert(modelUsage)
      .values({
        userId: entry.userId,
        plan,
        model: entry.model,
        purpose: entry.purpose,
        ok: entry.ok,
        inputTokens: Math.max(0, Math.round(entry.inputTokens)),
        outputTokens: Math.max(0, Math.round(entry.outputTokens)),
        estimated: entry.estimated,
        ttftMs: entry.ttftMs === null ? null : Math.max(0, Math.round(entry.ttftMs)),
      })
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'model usage not recorded'),
      );
  };
}
