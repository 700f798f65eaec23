// Files and audio sent to or read from the server outside call(), which speaks JSON only: an
// upload, and the refusals of a download, a sample or a message read aloud. Its own module, so
// the chat page's first load does not carry it.
import {
  addressOf,
  type AnyEndpoint,
  type ParamsOf,
  type ResponseOf,
} from '../../shared/http/endpoint';
import type { ErrorBody } from '../../shared/http/error-body';
import { ApiError } from './api';

type UploadOptions<E extends AnyEndpoint> = {
  /** The file's name in the form (a recording has none of its own). */
  fileName?: string;
  /** What the user is told when the answer says nothing itself (a proxy's page, one cut off). */
  failure: string;
} & (keyof ParamsOf<E> extends never
  ? { params?: undefined }
  : /** The path's `:name` parameters: required when it has any, as urlOf's are. */
    { params: ParamsOf<E> });

/**
 * Sends `file` to an upload endpoint (`kind: 'upload'`) as the multipart field `file`, the one
 * way every upload goes (call() sends JSON only); the answer is typed by the endpoint's response
 * schema, as call()'s is. A refusal, or an answer that is not JSON, rejects with an ApiError
 * carrying the server's message or `failure`.
 */
export async function upload<E extends AnyEndpoint>(
  endpoint: E,
  file: Blob,
  options: UploadOptions<E>,
): Promise<ResponseOf<E>> {
  const { params, fileName, failure }: { params?: ParamsOf<E> } & typeof options = options;
  const form = new FormData();
  if (fileName === undefined) form.append('file', file);
  else form.append('file', file, fileName);
  const response = await fetch(addressOf(endpoint.path, params), {
    method: endpoint.method,
    body: form,
    credentials: 'include',
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok || data === null) throw errorOf(response, data, failure);
  return data as ResponseOf<E>;
}

/**
 * The ApiError of a refused answer read outside call() (an upload, a stream, a file): the
 * server's message and field issues, or `fallback` when it sent none (a proxy's page, no JSON).
 * call()'s own reading of a refusal is in api.ts.
 */
export function errorOf(response: Response, data: unknown, fallback: string): ApiError {
  const payload = (data ?? {}) as Partial<ErrorBody>;
  return new ApiError(response.status, payload.message || fallback, payload.code, payload.issues);
}
