import { z } from 'zod';
import { idField } from '../id-params';

/**
 * Reports and moderation (issue 49). Users:
 *
 *   POST /api/reports        reportRequest → 201 reportResponse (200 with the same report when
 *                            the user reported this message or character before); 404 when it
 *                            is not theirs to see
 *   GET  /api/reports/mine   → myReportsResponse: their reports with the outcome, and what
 *                            moderation removed of theirs (or gave back)
 *
 * Staff (moderators and admins, two-factor; every look and action in the audit log):
 *
 *   GET  /api/admin/reports?status=open|closed   → reportQueueResponse (most serious, newest first)
 *   GET  /api/admin/reports/:reportId            → reportDetailResponse: the reported message with
 *                                                  up to 10 messages before and after it on its
 *                                                  branch, the character's definition, earlier
 *                                                  reports about the same user or character
 *   POST /api/admin/reports/:reportId/decision   decisionRequest → reportDetailResponse
 *   POST /api/admin/decisions/:decisionId/reversal reversalRequest → reportDetailResponse (admins)
 *   GET  /api/admin/feedback?rating=up|down      → feedbackListResponse
 */

/** Most serious first: the queue's order. */
export const REPORT_REASONS = ['minors', 'self-harm', 'illegal', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What each reason is called where users choose it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  minors: 'Sexual content involving minors',
  'self-harm': 'Self-harm or suicide',
  illegal: 'Illegal content',
  harassment: 'Harassment or hate',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;
export const DECISION_NOTE_MAX = 1000;
/** Messages shown before and after the reported one. */
export const REPORT_CONTEXT_MESSAGES = 10;
export { CHARACTER_REMOVED_BY_MODERATION, REMOVED_BY_MODERATION } from './messages';
export const REPORT_NOT_FOUND = 'Report not found';

export const reportRequest = z
  .object({
    messageId: idField.optional(),
    characterId: idField.optional(),
    reason: z.enum(REPORT_REASONS, { error: 'Choose why you are reporting this.' }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `At most ${REPORT_DETAILS_MAX} characters.`)
      .optional(),
  })
  .refine((r) => (r.messageId === undefined) !== (r.characterId === undefined), {
    message: 'Report either a message or a character.',
    path: ['messageId'],
  });
export type ReportRequest = z.infer<typeof reportRequest>;

export const DECISION_ACTIONS = [
  'dismiss',
  'remove-message',
  'remove-character',
  'suspend-user',
] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** A decision as staff and, where it concerns them, the reporter and the owner see it. */
export const decisionSchema = z.object({
  id: z.number(),
  action: z.enum(DECISION_ACTIONS),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
});

/** A report as its reporter sees it. */
export const myReportSchema = z.object({
  id: z.number(),
  kind: z.enum(['message', 'character']),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  /** The decision taken, once closed (null while open, or when the decision was reversed). */
  outcome: z.enum(DECISION_ACTIONS).nullable(),
  decidedAt: z.string().nullable(),
});

export const reportResponse = myReportSchema;
export type MyReport = z.infer<typeof myReportSchema>;

/** Something of the user's that moderation removed (or, reversed, gave back). */
export const removalNoticeSchema = z.object({
  decisionId: z.number(),
  kind: z.enum(['message', 'character', 'account']),
  characterName: z.string().nullable(),
  conversationId: z.number().nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
});

export const myReportsResponse = z.object({
  reports: z.array(myReportSchema),
  removals: z.array(removalNoticeSchema),
});
export type MyReports = z.infer<typeof myReportsResponse>;

export const reportQueueQuery = z.object({
  status: z.enum(['open', 'closed'], { error: 'status is open or closed.' }).default('open'),
});

/** One report in the queue: no message text, only what it is about. */
export const queuedReportSchema = z.object({
  id: z.number(),
  kind: z.enum(['message', 'character']),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  reporterId: z.string(),
  subjectUserId: z.string().nullable(),
  characterName: z.string().nullable(),
  hasDetails: z.boolean(),
});

export const reportQueueResponse = z.object({
  reports: z.array(queuedReportSchema),
  /** Open reports by reason (every reason, also 0). */
  openByReason: z.record(z.enum(REPORT_REASONS), z.number()),
});
export type ReportQueue = z.infer<typeof reportQueueResponse>;

export const reportParams = z.object({
  reportId: z.coerce.number({ error: REPORT_NOT_FOUND }).int().positive(REPORT_NOT_FOUND),
});
export const decisionParams = z.object({
  decisionId: z.coerce.number({ error: 'Decision not found' }).int().positive('Decision not found'),
});

const contextMessageSchema = z.object({
  id: z.number(),
  sender: z.enum(['user', 'ai']),
  content: z.string(),
  createdAt: z.string(),
  removed: z.boolean(),
});

export const reportDetailResponse = z.object({
  report: queuedReportSchema.extend({ details: z.string().nullable() }),
  /** The reported message (null for a character report, or when it was deleted since). */
  message: contextMessageSchema.nullable(),
  /** Up to 10 messages before it on its branch (oldest first), and up to 10 after. */
  before: z.array(contextMessageSchema),
  after: z.array(contextMessageSchema),
  /** The character's definition (null when it was deleted since). */
  character: z
    .object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      gender: z.string(),
      personality: z.string(),
      removed: z.boolean(),
    })
    .nullable(),
  /** Earlier reports about the same user or character (newest first, at most 20). */
  earlier: z.array(queuedReportSchema),
  decisions: z.array(decisionSchema.extend({ note: z.string(), actorId: z.string() })),
});
export type ReportDetail = z.infer<typeof reportDetailResponse>;

const note = z
  .string({ error: 'Say why.' })
  .trim()
  .min(3, 'Say why, in a few words.')
  .max(DECISION_NOTE_MAX, `At most ${DECISION_NOTE_MAX} characters.`);

export const decisionRequest = z.object({
  action: z.enum(DECISION_ACTIONS, { error: 'Choose a decision.' }),
  note,
});
export type DecisionRequest = z.infer<typeof decisionRequest>;

export const reversalRequest = z.object({ note });

/**
 * A reversal's answer: the report it reopened, for its page to read again — null when that
 * report went with its reporter's account (the decision stays, an anonymous record).
 */
export const reversalResponse = z.object({
  decisionId: z.number(),
  reportId: z.number().nullable(),
});
export type Reversal = z.infer<typeof reversalResponse>;

/**
 * The decisions about one user (their page in the console), newest first: how an admin finds a
 * decision to reverse when its report is gone.
 */
export const userDecisionsResponse = z.object({
  decisions: z.array(decisionSchema.extend({ note: z.string(), reportId: z.number().nullable() })),
});
export type UserDecisions = z.infer<typeof userDecisionsResponse>;

export const feedbackListQuery = z.object({
  rating: z.enum(['up', 'down'], { error: 'rating is up or down.' }).optional(),
});

export const feedbackListResponse = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      rating: z.enum(['up', 'down']),
      userMessage: z.string(),
      aiMessage: z.string(),
      edited: z.boolean(),
      /** What the user added in words, if anything. */
      comment: z.string().nullable(),
      model: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  byModel: z.array(z.object({ model: z.string().nullable(), up: z.number(), down: z.number() })),
  byDay: z.array(z.object({ day: z.string(), up: z.number(), down: z.number() })),
});
export type FeedbackList = z.infer<typeof feedbackListResponse>;
