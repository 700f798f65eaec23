import { CHAT_LIMITS } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { LLM_EMPTY, LlmError } from '../../integrations/llm';
import type { CharacterRow } from '../characters';
import { storeSummary } from '../memories';
import { RecentKeys } from '../../jobs/recent-keys';
import type { ConversationRow } from './conversations.repo';
import { readThread } from './thread-read.repo';
import { newestWithin, PREAMBLE } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../../prompts/model-settings';
import { summaryRequest } from '../../prompts/summary.prompt';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { modelOf } from './model-policy';

/** How much of a conversation is read for its summary. */
const SUMMARY_WINDOW = 60;

/** A failed background summary is tried again this long after (seconds), not after every reply. */
export const SUMMARY_RETRY_DELAY_SECONDS = 10 * 60;

/**
 * A conversation longer than 10 messages that was never summarised (a summary the user deleted
 * from the character's memories is not made again).
 */
function summaryDue(messageCount: number, summarizedAt: Date | null): boolean {
  return messageCount > CHAT_LIMITS.summarizeAfterMessages && summarizedAt === null;
}

/**
 * Summarises a conversation into the character's memories (one summary per conversation,
 * replaced when summarised again). Other conversations with the character then remember it.
 */
export async function summarizeConversation(ctx: AppContext, userId: string, id: number) {
  const { conversation, character } = await loadConversationWithCharacter(ctx, userId, id);
  return summarize(ctx, userId, conversation, character);
}

async function summarize(
  ctx: AppContext,
  userId: string,
  conversation: ConversationRow,
  owner: CharacterRow,
) {
  const id = conversation.id;
  const recent = await readThread(ctx.db, userId, id, { limit: SUMMARY_WINDOW });
  // As much of the end of the conversation as fits the context, beside the request and summary.
  const budget = contextTokensOf(ctx) - REPLY_TOKENS;
  const transcript = newestWithin(
    recent.map((m) => `${m.sender === 'user' ? 'User' : owner.name}: ${m.content}`),
    (line) => line,
    budget,
  ).join('\n');
  const completion = await ctx.llm.complete({
    model: modelOf(ctx, conversation),
    ...MODEL_SETTINGS.summary,
    messages: [{ role: 'system', content: PREAMBLE }, summaryRequest(owner.name, transcript)],
  });
  const summary = completion.content.trim();
  if (!summary) throw new LlmError('upstream', LLM_EMPTY, 'empty summary');
  await storeSummary(ctx.db, userId, owner.id, id, summary);
  return { summary };
}

/**
 * How long after queueing a conversation's summary this server does not ask again: the job is
 * then still queued or running (so asking inserts nothing), or done (the conversation no longer
 * due). A job that failed waits SUMMARY_RETRY_DELAY_SECONDS, far longer, before its retry.
 */
export const SUMMARY_ASKED_LATELY_MS = 10_000;
/** Per job queue (a test process runs several apps, each with its own database and queue). */
const summariesAskedLately = new WeakMap<AppContext['jobs'], RecentKeys<number>>();

function summariesAskedOf(jobs: AppContext['jobs']) {
  let asked = summariesAskedLately.get(jobs);
  if (!asked) summariesAskedLately.set(jobs, (asked = new RecentKeys(SUMMARY_ASKED_LATELY_MS)));
  return asked;
}

/**
 * After a reply: queues the conversation's summary when one is due (more than 10 messages, not in
 * summarised yet), from what the reply already loaded. The `conversation-summary` job
 * then checks again and summarises. One such job per conversation exists at a time, on any
 * server: while one waits, runs, or waits SUMMARY_RETRY_DELAY_SECONDS after a failure, later
 * replies queue nothing; and for SUMMARY_ASKED_LATELY_MS after asking, this server does not ask
 * the queue again (quick replies would each cost a statement that inserts nothing). Never
 * throws: the reply is already stored.
 */
export async function queueSummaryIfDue(
  ctx: AppContext,
  userId: string,
  conversation: { id: number; messageCount: number; summarizedAt: Date | null },
) {
  if (!summaryDue(conversation.messageCount, conversation.summarizedAt)) return;
  const asked = summariesAskedOf(ctx.jobs);
  if (asked.markUnlessRecent(conversation.id)) return;
  try {
    await ctx.jobs.enqueue(
      'conversation-summary',
      { userId, conversationId: conversation.id },
      { singletonKey: String(conversation.id) },
    );
  } catch (err) {
    asked.forget(conversation.id);
    ctx.log.warn({ err, conversationId: conversation.id }, 'summary not queued');
  }
}

/**
 * The `conversation-summary` job: summarises the conversation if it is still due. A conversation
 * or character deleted meanwhile has nothing left to remember; any other failure is thrown, for
 * the queue to retry later.
 */
export async function summarizeIfDue(ctx: AppContext, userId: string, conversationId: number) {
  let loaded;
  try {
    loaded = await loadConversationWithCharacter(ctx, userId, conversationId);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 409))
      return;
    throw error;
  }
  const { conversation, character } = loaded;
  if (!summaryDue(conversation.messageCount, conversation.summarizedAt)) return;
  await summarize(ctx, userId, conversation, character);
}
