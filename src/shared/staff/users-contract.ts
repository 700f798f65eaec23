import { z } from 'zod';

/**
 * The staff console's users (issue 48 part 2, decision 0056). Answers name no secret: no
 * password hash, no session token, no message text; conversations and messages are counted,
 * never read.
 */

export const USER_NOT_FOUND = 'No account with this id.';
export const USER_SEARCH_LIMIT = 20;
export const CREDIT_GRANT_MAX = 100_000;

/** `:userId` of every user route; a malformed one is simply not found. */
export const staffUserParams = z.object({
  userId: z.string({ error: USER_NOT_FOUND }).min(1, USER_NOT_FOUND).max(100, USER_NOT_FOUND),
});

/** Part of an address or a name; blank lists the newest accounts. */
export const userSearchQuery = z.object({
  query: z.string().trim().max(200, 'Search for at most 200 characters.').default(''),
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  plan: z.string(),
  createdAt: z.string(),
  suspended: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSearchResponse = z.object({ users: z.array(userSummarySchema) });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

/** A session as stored, without its token. */
export const userSessionSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});

export const creditGrantEntrySchema = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  actorId: z.string(),
  createdAt: z.string(),
});

export const userPageResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  role: z.string(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  /** The newest session activity or message; null when there was none. */
  lastActiveAt: z.string().nullable(),
  suspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  plan: z.object({
    id: z.string(),
    /** A paid plan's renewal (the Stripe subscription's period end); null on the free plan. */
    renewsAt: z.string().nullable(),
    /** When the allowance next starts again. */
    nextResetAt: z.string(),
  }),
  credits: z.object({
    left: z.number(),
    /** Credits staff gave or took, newest first. */
    grants: z.array(creditGrantEntrySchema),
    /** Replies paid for per day (UTC, YYYY-MM-DD) over the last 30 days; days without none. */
    repliesPerDay: z.array(z.object({ day: z.string(), replies: z.number() })),
  }),
  counts: z.object({ characters: z.number(), conversations: z.number(), messages: z.number() }),
  sessions: z.array(userSessionSchema),
});
export type UserPage = z.infer<typeof userPageResponse>;

const reason = z
  .string({ error: 'Give a reason (3 to 500 characters).' })
  .trim()
  .min(3, 'Give a reason (3 to 500 characters).')
  .max(500, 'Give a reason (3 to 500 characters).');

/** Gives (positive) or takes (negative) credits. */
export const creditGrantRequest = z.object({
  amount: z
    .number({
      error: `The amount is a whole number from -${CREDIT_GRANT_MAX} to ${CREDIT_GRANT_MAX}.`,
    })
    .int(`The amount is a whole number from -${CREDIT_GRANT_MAX} to ${CREDIT_GRANT_MAX}.`)
    .min(-CREDIT_GRANT_MAX, `Take at most ${CREDIT_GRANT_MAX} credits at once.`)
    .max(CREDIT_GRANT_MAX, `Give at most ${CREDIT_GRANT_MAX} credits at once.`)
    .refine((amount) => amount !== 0, 'The amount cannot be 0.'),
  reason,
});
export type CreditGrantRequest = z.infer<typeof creditGrantRequest>;

export const creditGrantResponse = z.object({ credits: z.number() });
export type CreditGrantResponse = z.infer<typeof creditGrantResponse>;

/** Suspends (true) or restores (false) an account. */
export const suspensionRequest = z.object({
  suspended: z.boolean({ error: 'Say whether the account is suspended.' }),
  reason,
});
export type SuspensionRequest = z.infer<typeof suspensionRequest>;

export const sessionsRevokeRequest = z.object({ reason });
export type SessionsRevokeRequest = z.infer<typeof sessionsRevokeRequest>;

export { successResponse as sessionsRevokedResponse } from '../responses';

/** An admin deletes an account through the user's own deletion path, with the reason. */
export const accountDeletionRequest = z.object({ reason });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

export const OWN_ACCOUNT_DELETION = 'Delete your own account from the Account page.';
