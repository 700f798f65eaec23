import type { ErrorBody } from '../../shared/http/error-body';
import {
  addressOf,
  urlOf,
  type AnyEndpoint,
  type HttpMethod,
  type InputOf,
  type NeedsNoInput,
  type QueryValues,
  type ResponseOf,
} from '../../shared/http/endpoint';

export { urlOf };

/** An HTTP error from our API, carrying the server's human message and field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Calls an endpoint (`src/shared/<feature>/endpoints.ts`): its path with `params` filled in,
 * `query` appended, `body` sent as JSON; the answer typed by the endpoint's response schema.
 *
 *   const character = await call(getCharacter, { params: { id } });
 */
export function call<E extends AnyEndpoint>(
  endpoint: E,
  ...[input]: NeedsNoInput<E> extends true ? [input?: InputOf<E>] : [input: InputOf<E>]
): Promise<ResponseOf<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryValues;
    body?: unknown;
  };
  return request<ResponseOf<E>>(addressOf(endpoint.path, params, query), endpoint.method, body);
}

/**
 * The one request: sends cookies, JSON body and Content-Type only when there is a body, parses
 * JSON, and turns any non-OK answer into an ApiError with the server's message.
 */
async function request<T>(path: string, method: HttpMethod, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const payload = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      payload.message || text || `${response.status}: ${response.statusText}`,
      payload.code,
      payload.issues,
    );
  }
  return data as T;
}
