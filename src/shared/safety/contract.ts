import { z } from 'zod';
import { NOTICE_KINDS } from './rules';

/**
 * The companion-app law's endpoints (decision 0042):
 * - GET /api/conversations/:id/notices → noticeListResponse (owner only)
 * - the reply stream's `notice` event → noticeSchema (chat contract's replyStreamEvents)
 * - GET /api/safety/status → safetyStatusResponse (signed in)
 * - GET /api/safety/resources → safetyResourcesResponse (public: the /safety page)
 * - GET /api/admin/safety-report?from=YYYY-MM&to=YYYY-MM → safetyReportResponse (staff; 404 else)
 * - GET /api/admin/safety-holds?status=open|reviewed → safetyHoldListResponse (staff; 404 else)
 * - POST /api/admin/safety-holds/:userId/review → safetyHoldSchema (staff; 404 else)
 */

export const crisisResourceSchema = z.object({
  name: z.string(),
  phone: z.string().optional(),
  text: z.string().optional(),
  url: z.string(),
  country: z.string().optional(),
});

/** A notice in a conversation's thread, as shown and as the reply stream's `notice` event. */
export const noticeSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  text: z.string(),
  /** Crisis services (crisis notices). */
  resources: z.array(crisisResourceSchema).optional(),
  /** When it was shown. */
  shownAt: z.string(),
  /** The message it follows in the thread; null: the top of the conversation. */
  afterMessageId: z.number().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/conversations/:id/notices: oldest first. */
export const noticeListResponse = z.array(noticeSchema);

/** GET /api/safety/status: whether this account may chat (a self-declared minor's pause). */
export const safetyStatusResponse = z.object({
  chatPaused: z.boolean(),
  /** Why, in the words the 403 answers carry; null while chatting is allowed. */
  message: z.string().nullable(),
});
export type SafetyStatus = z.infer<typeof safetyStatusResponse>;

/** GET /api/safety/resources: what the /safety page and the crisis notice refer to. */
export const safetyResourcesResponse = z.object({
  resources: z.array(crisisResourceSchema),
  /** How often the "not a human" notice comes back in a continuing conversation. */
  aiNoticeEveryMinutes: z.number(),
});
export type SafetyResources = z.infer<typeof safetyResourcesResponse>;

// ---- staff --------------------------------------------------------------------------------

export const REPORT_MONTH_INVALID = 'Use YYYY-MM for from and to, with from not after to.';
/** The most months one report covers. */
export const REPORT_MAX_MONTHS = 120;

const month = z
  .string({ error: REPORT_MONTH_INVALID })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, REPORT_MONTH_INVALID);

/** Without from and to: the last twelve months up to this one. */
export const safetyReportQuery = z.object({ from: month.optional(), to: month.optional() });
export type SafetyReportQuery = z.input<typeof safetyReportQuery>;

/** Counts per month with no user id and no text (CA SB 243's yearly report). */
export const safetyReportResponse = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      crisisReferrals: z.number(),
      aiNotices: z.number(),
      minorsPaused: z.number(),
    }),
  ),
});
export type SafetyReport = z.infer<typeof safetyReportResponse>;

export const HOLD_REVIEW_OUTCOMES = ['released', 'upheld'] as const;

/** An account paused as a self-declared minor, as staff review it (no message text is kept). */
export const safetyHoldSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  reason: z.literal('self-declared-minor'),
  /** How it was detected: the local rule or the model's second opinion. */
  detectedBy: z.enum(['rule', 'model']),
  conversationId: z.number().nullable(),
  pausedAt: z.string(),
  reviewedAt: z.string().nullable(),
  outcome: z.enum(HOLD_REVIEW_OUTCOMES).nullable(),
  note: z.string().nullable(),
});
export type SafetyHold = z.infer<typeof safetyHoldSchema>;

export const safetyHoldListQuery = z.object({
  status: z.enum(['open', 'reviewed'], { error: 'status is open or reviewed.' }).default('open'),
});
export const safetyHoldListResponse = z.array(safetyHoldSchema);

export const HOLD_NOT_FOUND = 'No paused account with that id';

/** POST /api/admin/safety-holds/:userId/review: lift the pause, or keep it. */
export const safetyHoldReviewRequest = z.object({
  outcome: z.enum(HOLD_REVIEW_OUTCOMES, { error: 'outcome is released or upheld.' }),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters.').optional(),
});
export type SafetyHoldReviewRequest = z.input<typeof safetyHoldReviewRequest>;

/** The paused account a review is about: a user id, or nothing that can exist (404). */
export const safetyHoldParams = z.object({
  userId: z.string({ error: HOLD_NOT_FOUND }).min(1, HOLD_NOT_FOUND).max(100, HOLD_NOT_FOUND),
});
