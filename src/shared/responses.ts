import { z } from 'zod';

/**
 * The answer of a write that has nothing more to say (a delete, a sent message). Shared by the
 * feature contracts so every such answer has the one shape.
 */
export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

/**
 * The query of a read whose empty state the spec answers with an error status: `?empty=ok`
 * answers it with 200 instead (see http/empty-ok.ts, EMPTY_OK, the web app's query).
 */
export const emptyOkQuery = z.object({
  empty: z.enum(['ok'], { error: 'empty is ok, or left out.' }).optional(),
});
export type EmptyOkQuery = z.input<typeof emptyOkQuery>;
