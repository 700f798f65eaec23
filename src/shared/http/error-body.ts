import { z } from 'zod';

/**
 * The body of every error the API answers (src/server/plugins/errors.ts): a message safe to show,
 * and for a body that failed its schema, the field issues (`path` dotted, as the form names it).
 * Some answers add a `code` (EMAIL_IN_USE, EMAIL_NOT_VERIFIED…). Declared once: the server's
 * errors, the OpenAPI document and the web app's ApiError use it.
 */
export const fieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(fieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
