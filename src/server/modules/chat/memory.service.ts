import { CHAT_LIMITS } from '../../../shared/chat';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { LLM_EMPTY } from '../../integrations/llm';
import { setMemoryEntry } from '../characters/characters.repo';
import { listMessages } from '../conversations/conversations.repo';
import { newestWithin, PREAMBLE, REPLY_TOKENS } from './prompt-builder';
import { contextTokensOf, loadConversationWithCharacter, modelOf } from './conversation-context';

/** How much of a conversation is read for its summary. */
const SUMMARY_WINDOW = 60;

/**
 * Summarises a conversation into the character's working memory (one entry per conversation,
 * replaced when summarised again). Other conversations with the character then remember it.
 */
export async function summarizeConversation(ctx: AppContext, userId: string, id: number) {
  const { conversation, character: owner } = await loadConversationWithCharacter(ctx, userId, id);
  const recent = (await listMessages(ctx.db, userId, id, { limit: SUMMARY_WINDOW })).reverse();
  // As much of the end of the conversation as fits the context, beside the request and summary.
  const budget = contextTokensOf(ctx) - REPLY_TOKENS;
  const transcript = newestWithin(
    recent.map((m) => `${m.sender === 'user' ? 'User' : owner.name}: ${m.content}`),
    (line) => line,
    budget,
  ).join('\n');
  const completion = await ctx.llm.complete({
    model: modelOf(ctx, conversation),
    temperature: 0.3,
    maxTokens: 300,
    messages: [
      { role: 'system', content: PREAMBLE },
      {
        role: 'user',
        content:
          `Summarise this conversation between ${owner.name} and the user in at most 80 words, ` +
          'in the third person: facts about the user, what happened, and how the relationship ' +
          `feels now. Only the summary.\n\n${transcript}`,
      },
    ],
  });
  const summary = completion.content.trim();
  if (!summary) throw new HttpError(502, LLM_EMPTY);
  await setMemoryEntry(ctx.db, userId, owner.id, { conversation_id: id, summary });
  return { summary };
}

/**
 * After a reply: a conversation longer than 10 messages without a memory entry is summarised,
 * in the background (the reply does not wait; a failure is only logged).
 */
export function summarizeInBackgroundIfDue(ctx: AppContext, userId: string, id: number) {
  const failedAt = recentFailures.get(id);
  if (failedAt !== undefined && Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) return;
  void (async () => {
    const { conversation, character: owner } = await loadConversationWithCharacter(ctx, userId, id);
    const due =
      conversation.messageCount > CHAT_LIMITS.summarizeAfterMessages &&
      !owner.workingMemory.some((entry) => entry.conversation_id === id);
    if (due) await summarizeConversation(ctx, userId, id);
    recentFailures.delete(id);
  })().catch((err: unknown) => {
    // Not again after every reply while the model keeps failing: wait a while first.
    if (recentFailures.size > 10_000) recentFailures.clear();
    recentFailures.set(id, Date.now());
    ctx.log.warn({ err, conversationId: id }, 'summary failed');
  });
}

/** Conversations whose background summary failed recently, with when (per process). */
const recentFailures = new Map<number, number>();
const RETRY_AFTER_FAILURE_MS = 10 * 60_000;
