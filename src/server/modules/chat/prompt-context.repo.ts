import { sql, type SQL } from 'drizzle-orm';
import type { UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import { statementOnce, type Bound } from '../../db/prepared';
import type { PromptMemory, PromptPersona } from '../../prompts/chat.prompt';
import { promptMemoriesJson } from '../memories';
import { profileJson } from '../profile';
import { personaJson } from '../personas';
import { conversation } from '../../db/schema';
import { takeCreditSteps } from '../credits';
import { chatNotPaused, recentCrisisJson } from '../safety';
import {
  conversationWithCharacterFromJson,
  conversationIsReplyable,
  conversationWithCharacterJson,
} from './conversations.repo';
import {
  storedFromRow,
  storeMessageSteps,
  type RawStored,
  type StoredMessage,
} from './message-store.repo';
import { rollingSummariesJson, type RollingSummary } from './rolling-summary.repo';
import { runRowWithMessage, type RunToRecord } from './reply-runs.repo';
import { threadPath, threadPathStep } from './thread-read.repo';

/** What a reply's prompt is built from, besides the conversation and its character. */
export interface PromptContext {
  /** The thread, oldest first. */
  history: { id: number; sender: 'user' | 'ai'; content: string }[];
  profile: UserProfile | null;
  /** The conversation's persona (issue 47 part 5): who the user is in it; null: the profile. */
  persona: PromptPersona | null;
  memories: PromptMemory[];
  /** A crisis notice was shown in this conversation lately (the crisis protocol's care goes on). */
  recentCrisis: boolean;
  /** The conversation's newest rolling summaries, of any branch (rolling-summary.ts picks). */
  summaries: RollingSummary[];
  /** The history begins at the conversation's first message: nothing older was left unread. */
  startsAtFirst: boolean;
}

/** The prompt's read: its context, and the conversation with its character as read with it. */
export interface PromptRead extends PromptContext {
  /** As findConversationWithCharacter gives it: null when the conversation is not the user's. */
  target: ReturnType<typeof conversationWithCharacterFromJson>;
}

/**
 * The thread ending at `from` (by default the end of the history; null: a new first message with
 * nothing before it), the user's profile, what the conversation's character remembers, and the
 * conversation with its character, in one statement (issue 16 item 5: a statement per part cost
 * the database and this process more than one). The thread comes as plain rows, oldest first,
 * and the rest as one JSON text in a last row of its own: building the thread as JSON made the
 * database escape every message's text again on every reply, about as much as the walk itself
 * (decision 0031). Each part is scoped to the user; a conversation that is not theirs reads an
 * empty thread, no memories and no target.
 *
 * A second reader of the thread beside readThread (thread-read.repo.ts), on purpose: it reads the
 * same walk (threadPath) but in the statement that reads everything else a prompt needs, and, for
 * a message at the end of the history, stores and pays for it too: one statement and one round
 * trip before the model is called, where readThread would add one of each to every reply.
 */
export async function readPromptContext(
  db: Database,
  userId: string,
  conversationId: number,
  options: { from?: number | null | undefined; limit: number; maxChars: number },
): Promise<PromptRead> {
  const { from, limit, maxChars } = options;
  const extras = extrasJson(userId, conversationId);
  const statement =
    from === null
      ? sql`select 0 as depth, null::bigint as id, null::text as sender, ${extras} as content,
                   true as first`
      : sql`${threadPath(userId, conversationId, { from, limit, maxChars })}
            select m.depth, m.id, m.sender, m.content, m.parent_id is null as first from path m
            union all select 0, null, null, ${extras}, null
            order by depth desc`;
  const { rows } = await db.execute<PromptRow>(statement);
  return promptReadOf(rows).read;
}

/**
 * storeMessage of the user's message `content` at the end of the history, paid with a credit
 * (credits' takeCreditSteps, taken only while the conversation is the user's and its character
 * still there), and readPromptContext of the end of the history, in one statement (decision
 * 0032): one write to the database and one backend's work before the model is called, where two
 * statements on two connections were two of each. One statement sees one snapshot: the read sees
 * the conversation as it was before the message, so the thread ends just before it (the reply
 * adds it) and the target's count and preview are the ones before it. When no credit was taken,
 * nothing is stored and `stored.chargeId` is null. With `run`, the reply's run is recorded in the
 * same statement (decision 0071; `stored.alongsideRows` 1) unless the conversation is a group
 * scene. Built once (statementOnce, decision 0033).
 */
export async function storeMessageAndReadPrompt(
  db: Database,
  userId: string,
  conversationId: number,
  value: { content: string; titleIfNew: string | null; model: string | null },
  options: { limit: number; maxChars: number },
  price: { creditsJson: string; defaultCredits: number },
  run: RunToRecord | null,
): Promise<{ stored: StoredMessage; read: PromptRead }> {
  const rows = await storeAndReadStatement(db, {
    userId,
    conversationId,
    ...value,
    ...options,
    ...price,
    runId: run?.id ?? null,
    runOwner: run?.owner ?? null,
    runLeaseMs: run?.leaseMs ?? null,
  });
  const { read, stored } = promptReadOf(rows);
  return { read, stored: storedFromRow(stored!) };
}

const storeAndReadStatement = statementOnce<
  {
    userId: string;
    conversationId: number;
    content: string;
    titleIfNew: string | null;
    model: string | null;
    limit: number;
    maxChars: number;
    creditsJson: string;
    defaultCredits: number;
    runId: string | null;
    runOwner: string | null;
    runLeaseMs: number | null;
  },
  PromptRow
>((p) => {
  // Paid for only in the user's own conversation with its character, and while their chatting is
  // not paused (the crisis protocol's adults-only pause). The price is the model's credits per
  // reply (issue 48 part 4): the model asked for, else the conversation's, while offered; else
  // the default's (model-policy.ts's resolveModel, in SQL).
  const price = sql`coalesce((${p.creditsJson}::jsonb ->> coalesce(${p.model}::text,
      (select c.model from conversation c
        where c.id = ${p.conversationId} and c.user_id = ${p.userId})))::int,
    ${p.defaultCredits}::int)`;
  const paid = takeCreditSteps(
    p.userId,
    p.conversationId,
    sql`${conversationIsReplyable(p.userId, p.conversationId)} and ${chatNotPaused(p.userId)}`,
    price,
  );
  const { steps, result } = storeMessageSteps(
    p.userId,
    p.conversationId,
    { sender: 'user', content: p.content, titleIfNew: p.titleIfNew, model: p.model },
    runRowWithMessage(
      { id: p.runId, owner: p.runOwner, leaseMs: p.runLeaseMs },
      p.userId,
      p.conversationId,
    ),
    paid,
  );
  const extras = extrasJson(
    p.userId,
    p.conversationId,
    sql`, 'stored', (select row_to_json(s) from (select ${result}) s)`,
  );
  const window = { limit: p.limit, maxChars: p.maxChars };
  return sql`with recursive ${steps}, ${threadPathStep(p.userId, p.conversationId, window)}
        select m.depth, m.id, m.sender, m.content, m.parent_id is null as first from path m
        union all select 0, null, null, ${extras}, null
        order by depth desc`;
});

/** The last row's JSON text: profile, persona, memories, target, and any `more` members. */
const extrasJson = (userId: Bound<string>, conversationId: Bound<number>, more: SQL = sql``) =>
  sql`json_build_object('profile', ${profileJson(userId)},
                    'persona', ${personaJson(
                      userId,
                      sql`(select c.persona_id from ${conversation} c
                            where c.id = ${conversationId} and c.user_id = ${userId})`,
                    )},
                    'memories', ${promptMemoriesJson(userId, conversationId)},
                    'target', ${conversationWithCharacterJson(userId, conversationId)},
                    'recentCrisis', ${recentCrisisJson(conversationId)},
                    'summaries', ${rollingSummariesJson(userId, conversationId)}${more})::text`;

function promptReadOf(rows: PromptRow[]): { read: PromptRead; stored?: RawStored } {
  const extrasRow = rows[rows.length - 1]!;
  const { profile, persona, memories, target, stored, recentCrisis, summaries } = JSON.parse(
    extrasRow.content,
  ) as PromptExtras;
  const history: PromptContext['history'] = new Array(rows.length - 1);
  for (let i = 0; i < rows.length - 1; i++) {
    const row = rows[i]!;
    // PostgreSQL gives a bigint as a string (ids stay far below 2^53).
    history[i] = { id: Number(row.id), sender: row.sender!, content: row.content };
  }
  const read = {
    history,
    profile,
    persona,
    memories,
    recentCrisis,
    summaries: summaries.map((s) => ({ ...s, through: Number(s.through) })),
    // The oldest row comes first; with no message read, nothing is older either.
    startsAtFirst: rows.length === 1 || rows[0]!.first !== false,
    target: conversationWithCharacterFromJson(target),
  };
  return { read, stored };
}

/** The last row's JSON: everything the prompt's read brings besides the thread. */
type PromptExtras = Omit<PromptContext, 'history' | 'startsAtFirst'> & {
  target: Parameters<typeof conversationWithCharacterFromJson>[0];
  /** storeMessage's result, when the statement also stored a message. */
  stored?: RawStored;
};

/** A row of the thread (depth ≥ 1), or the last row (depth 0) whose content is PromptExtras. */
interface PromptRow extends Record<string, unknown> {
  depth: number;
  id: number | string | null;
  sender: 'user' | 'ai' | null;
  content: string;
  /** The message has no parent: it is the conversation's first (null on the last row). */
  first: boolean | null;
}
