import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import type { ErrorBody, FieldIssue } from '../../shared/http/error-body';
import { LlmError, type LlmFailure } from '../integrations/llm';

/** The HTTP status of each way a model call can fail (the one place this is decided). */
const LLM_FAILURE_STATUS: Record<LlmFailure, number> = {
  'not-configured': 503,
  'unknown-model': 400,
  upstream: 502,
};

/**
 * The answer for an error whose message is safe to show: our own HttpErrors, and the typed
 * errors of integrations mapped to their status. Anything else is unexpected (null).
 */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof LlmError)
    return new HttpError(LLM_FAILURE_STATUS[error.failure], error.message);
  return null;
}

/**
 * The one error handler: every failure becomes JSON `{ message }` (plus `issues` for field
 * errors) with a fitting status. Unexpected errors are logged and answered with a generic 500,
 * never with their internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toHttpError(error);
    if (known) {
      const body: ErrorBody = known.issues
        ? { message: known.message, issues: known.issues }
        : { message: known.message };
      return reply.status(known.statusCode).headers(known.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that cannot name anything (`/api/characters/abc`) is not found, in the words of
      // the route's params contract (see shared/id-params.ts).
      if (error.validationContext === 'params') {
        return reply.status(404).send({ message: error.validation[0]?.message ?? 'Not found' });
      }
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ message: 'The request is too large.' });
    }
    if (status === 415) {
      return reply.status(415).send({ message: 'Unsupported content type.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body…) have readable messages.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
