/**
 * What each queued job carries, by queue name: services enqueue by name through AppContext.jobs,
 * and the job's own file (in its module) registers the handler. Payloads are stored in the
 * database until the job is done, so they hold ids, never content.
 */
export interface JobPayloads {
  /** See modules/chat/conversation-summary.job.ts. */
  'conversation-summary': { userId: string; conversationId: number };
  /** See modules/chat/rolling-summary.job.ts: the message the summary runs through. */
  'conversation-rolling-summary': {
    userId: string;
    conversationId: number;
    throughMessageId: number;
    /** A group scene character's view (issue 51); absent: the conversation's own. */
    characterId?: number;
  };
  /** See modules/push/push-notification.job.ts (issue 52): what to tell, by ids. */
  'push-notification':
    | { kind: 'reply' | 'check-in'; userId: string; conversationId: number; messageId: number }
    | { kind: 'no-credits'; userId: string };
  /** See modules/auth/mail-delivery.job.ts: a row of mail_queue. */
  'mail-delivery': { mailId: number };
}
