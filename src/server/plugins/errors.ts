import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error handler: every failure becomes JSON `{ message }` (plus `issues` for field
 * errors) with a fitting status. Unexpected errors are logged and answered with a generic 500,
 * never with their internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body = error.issues
        ? { message: error.message, issues: error.issues }
        : { message: error.message };
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
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
