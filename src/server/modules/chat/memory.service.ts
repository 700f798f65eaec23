import { CHAT_LIMITS } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { LLM_EMPTY, LlmError } from '../../integrations/llm';
import type { CharacterRow } from '../characters';
import { hasConversationSummary, storeSummary } from '../memories';
import { updateConversationFields, type ConversationRow } from './conversations.repo';
import { readThread, type ThreadMessage } from './thread-read.repo';
import { readScene, sceneView } from './scene-view';
import { newestWithin } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS, REPLY_TOKENS } from '../../prompts/model-settings';
import {
  summaryRequest,
  summarySystem,
  transcriptLine,
  type SummaryNames,
} from '../../prompts/summary.prompt';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { queueConversationJob } from './conversation-jobs';
import { modelOf } from './model-policy';
import { readRollingSummaries } from './rolling-summary.repo';
import { summaryNamesOf, summaryOnPath } from './rolling-summary';

/**
 * A conversation summarised into its character's memory: what the character's other
 * conversations with the user remember of it (one summary per conversation, a memory the user
 * can read, edit and delete). Not the conversation's own rolling summary (rolling-summary.ts).
 */

/** How much of a conversation is read for its summary. */
const SUMMARY_WINDOW = 60;

/** A failed background summary is tried again this long after (seconds), not after every reply. */
export const SUMMARY_RETRY_DELAY_SECONDS = 10 * 60;

/** What a conversation's summary being due depends on. */
export interface SummaryState {
  messageCount: number;
  summarizedAt: Date | null;
  summarizedMessageCount: number;
}

/**
 * A conversation longer than 10 messages that was never summarised, or has grown by
 * CHAT_LIMITS.resummarizeEvery messages since (issue 46: the summary follows the conversation,
 * not its first ten messages).
 */
function summaryDue({ messageCount, summarizedAt, summarizedMessageCount }: SummaryState) {
  if (messageCount <= CHAT_LIMITS.summarizeAfterMessages) return false;
  return (
    summarizedAt === null || messageCount - summarizedMessageCount >= CHAT_LIMITS.resummarizeEvery
  );
}

/**
 * Summarises a conversation into the character's memories now (POST …/summarize: the user asked,
 * so a summary they deleted is made again).
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
  if (conversation.groupScene) return summarizeScene(ctx, userId, conversation, owner, recent);
  const names = await summaryNamesOf(ctx, userId, owner, conversation);
  // What came before the messages read, as the conversation's rolling summary tells it.
  const earlier = summaryOnPath(recent, await readRollingSummaries(ctx.db, userId, id));
  const after = earlier ? recent.slice(earlier.index + 1) : recent;
  const lines = after.map((m) => transcriptLine(names, m.sender, m.content));
  const summary = await summaryOf(ctx, userId, conversation, names, lines, earlier);
  await storeSummary(ctx.db, userId, owner.id, id, summary, conversation.messageCount);
  return { summary };
}

/**
 * A group scene remembered by each of its characters (issue 51): each one's summary is made of
 * the messages written while it was present, and kept in its own memory, never another's. The
 * answer is the first character's.
 */
async function summarizeScene(
  ctx: AppContext,
  userId: string,
  conversation: ConversationRow,
  owner: CharacterRow,
  recent: ThreadMessage[],
) {
  // Read once: each member's view is made from the same cast and lines.
  const scene = await readScene(ctx, userId, conversation.id, recent);
  let answer = '';
  for (const characterId of scene.memberIds) {
    const view = sceneView(scene, owner, recent, characterId);
    if (!view || view.witnessed.length === 0) continue;
    const names = await summaryNamesOf(ctx, userId, view.character, conversation);
    const transcript = view.witnessed.map(view.lineOf(names));
    const summary = await summaryOf(ctx, userId, conversation, names, transcript, null);
    const { messageCount } = conversation;
    await storeSummary(ctx.db, userId, characterId, conversation.id, summary, messageCount);
    if (characterId === owner.id || !answer) answer = summary;
  }
  return { summary: answer };
}

/** The model's summary of `lines` (the newest that fit), after `earlier`'s rolling summary. */
async function summaryOf(
  ctx: AppContext,
  userId: string,
  conversation: ConversationRow,
  names: SummaryNames,
  lines: string[],
  earlier: { summary: { content: string } } | null,
) {
  const system = summarySystem(names);
  // As much of the end of the conversation as fits the context, beside the request and summary.
  const budget = contextTokensOf(ctx) - REPLY_TOKENS - (earlier ? SUMMARY_SHARE_TOKENS : 0);
  const transcript = newestWithin(lines, (line) => line, budget).join('\n');
  const completion = await ctx.llm.complete({
    model: modelOf(ctx, conversation),
    ...MODEL_SETTINGS.summary,
    messages: [system, summaryRequest(names, transcript, earlier?.summary.content ?? null)],
    usage: { userId, purpose: 'summary' },
  });
  const summary = completion.content.trim();
  if (!summary) throw new LlmError('upstream', LLM_EMPTY, 'empty summary');
  return summary;
}

/** What a rolling summary may cost at most (ROLLING_SUMMARY_WORDS, in any script). */
const SUMMARY_SHARE_TOKENS = MODEL_SETTINGS.rollingSummary.maxTokens;

/**
 * After a reply: queues the conversation's summary when one is due (summaryDue), from what the
 * reply already loaded. The `conversation-summary` job then checks again and summarises; one
 * such job per conversation exists at a time, on any server (queueConversationJob). Never
 * throws: the reply is already stored.
 */
export async function queueSummaryIfDue(
  ctx: AppContext,
  userId: string,
  conversation: SummaryState & { id: number },
) {
  if (!summaryDue(conversation)) return;
  await queueConversationJob(
    ctx,
    'conversation-summary',
    { userId, conversationId: conversation.id },
    conversation.summarizedMessageCount,
  );
}

/**
 * The `conversation-summary` job: summarises the conversation if it is still due. A refresh
 * replaces the summary only while the user keeps it (one they deleted is not made again). A
 * conversation or character deleted meanwhile has nothing left to remember; any other failure is
 * thrown, for the queue to retry later.
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
  if (!summaryDue(conversation)) return;
  if (
    conversation.summarizedAt &&
    !(await hasConversationSummary(ctx.db, userId, conversationId))
  ) {
    // Deleted by the user: not made again, and not asked about again for a while.
    const summarizedMessageCount = conversation.messageCount;
    await updateConversationFields(ctx.db, userId, conversationId, { summarizedMessageCount });
    return;
  }
  await summarize(ctx, userId, conversation, character);
}
