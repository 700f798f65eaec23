import type { z } from 'zod';
import type { FieldIssue } from '../shared/http/error-body';

/** An error whose message is safe to show to the user, with the HTTP status to answer with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Field errors, for forms: `{ path, message }` per invalid field. */
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

export function validationError(issues: FieldIssue[]): HttpError {
  return new HttpError(400, issues[0]?.message ?? 'Invalid request', {}, issues);
}

/**
 * A body checked by `schema` where Fastify's route schema cannot do it (the better-auth
 * pass-through): the parsed value, or a 400 with the field issues.
 */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
