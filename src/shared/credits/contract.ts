import { z } from 'zod';

/**
 * One contract per credits endpoint (spec section 7; the rules are in decision 0008). The server
 * shapes its answers with these schemas; the web app's types come from the same place.
 *
 *   GET  /api/get-credits   → creditsResponse
 *   POST /api/credit-check  → creditCheckResponse, or 403 outOfCreditsResponse when none are left
 *                             (with ?empty=ok: 200 creditCheckResponse, creditsLeft 0; http/empty-ok.ts)
 *   POST /api/topup         → topUpResponse (applies a due monthly reset; safe to repeat)
 */

/** GET /api/get-credits */
export const creditsResponse = z.object({ credits: z.number().int() });
export type CreditsResponse = z.infer<typeof creditsResponse>;

/** POST /api/credit-check: creditsLeft is 0 only when asked with ?empty=ok (else a 403). */
export const creditCheckResponse = z.object({ creditsLeft: z.number().int() });
export type CreditCheckResponse = z.infer<typeof creditCheckResponse>;

/** POST /api/credit-check (403): the words the Out of Credits dialog shows. */
export const outOfCreditsResponse = z.object({ message: z.string() });

/** POST /api/topup: the account after any due reset. */
export const topUpResponse = z.object({
  credits: z.number().int(),
  plan: z.string(),
  /** ISO 8601 */
  periodStart: z.string(),
  /** ISO 8601: when the allowance is next restored. */
  nextResetAt: z.string(),
});
export type TopUpResponse = z.infer<typeof topUpResponse>;
