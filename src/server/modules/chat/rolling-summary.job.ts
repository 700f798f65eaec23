import type { AppContext } from '../../context';
import type { JobQueue } from '../../jobs/queue';
import { SUMMARY_RETRY_DELAY_SECONDS } from './memory.service';
import { summarizeEarlierMessages } from './rolling-summary';

/**
 * Queued after a reply whose prompt left messages out that no summary holds yet (rolling-summary
 * .ts), one per conversation at a time: summarises them into the conversation's rolling summary.
 * A failure (the model is down) is tried again ten minutes later, up to three times.
 */
export function registerRollingSummary(queue: JobQueue, ctx: AppContext) {
  queue.work(
    'conversation-rolling-summary',
    ({ userId, conversationId, throughMessageId, characterId }) =>
      summarizeEarlierMessages(ctx, userId, conversationId, throughMessageId, characterId),
    // Longer than STEPS_PER_JOB calls at the longest model timeout (LLM_TIMEOUT_MS ≤ 10 minutes).
    { timeoutSeconds: 45 * 60, retryLimit: 3, retryDelaySeconds: SUMMARY_RETRY_DELAY_SECONDS },
  );
}
