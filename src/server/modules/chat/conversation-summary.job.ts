import type { AppContext } from '../../context';
import { SUMMARY_RETRY_DELAY_SECONDS, summarizeIfDue } from './memory.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Queued after a reply (chat's queueSummaryIfDue), one per conversation at a time: summarises a
 * conversation of more than ten messages into its character's working memory. A failure (the
 * model is down) is tried again ten minutes later, up to three times.
 */
export function registerConversationSummary(queue: JobQueue, ctx: AppContext) {
  queue.work(
    'conversation-summary',
    ({ userId, conversationId }) => summarizeIfDue(ctx, userId, conversationId),
    // Longer than the longest model timeout (LLM_TIMEOUT_MS is at most 10 minutes).
    { timeoutSeconds: 15 * 60, retryLimit: 3, retryDelaySeconds: SUMMARY_RETRY_DELAY_SECONDS },
  );
}
