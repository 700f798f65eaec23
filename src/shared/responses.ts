import { z } from 'zod';

/**
 * The answer of a write that has nothing more to say (a delete, a sent message). Shared by the
 * feature contracts so every such answer has the one shape.
 */
export const successResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;
