import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors';

/**
 * The one file of a multipart upload (field `file`), as every upload route reads it: not
 * multipart → 400 saying what to send; no file → 400; over the scope's `fileSize` limit → 413 with
 * the route's own words; a malformed body (no boundary, cut off…) → 400, the client's problem.
 * The route is registered in an uploadScope.
 */
export async function uploadedFile(
  request: FastifyRequest,
  words: { what: string; tooBig: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw badRequest(`Send the ${words.what} as multipart form data.`);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw badRequest('No file was uploaded.');
    return { fileName: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, words.tooBig);
    }
    throw badRequest('The upload could not be read. Please try again.');
  }
}

/**
 * A scope for routes that take one multipart file of at most `fileSize` bytes (and at most two
 * fields): @fastify/multipart is registered there only, with those limits.
 */
export function uploadScope(
  app: FastifyInstance,
  fileSize: number,
  routes: (scope: FastifyInstance) => Promise<void>,
) {
  return app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize, files: 1, fields: 2, parts: 3 } });
    await routes(scope);
  });
}
