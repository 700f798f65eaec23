/** An HTTP error from our API, carrying the server's human message and field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The one request helper: sends cookies, JSON body and Content-Type only when there is a body,
 * parses JSON, and turns any non-OK answer into an ApiError with the server's message.
 */
export async function api<T = unknown>(path: string, method: Method = 'GET', body?: unknown) {
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
    const payload = (data ?? {}) as {
      message?: string;
      code?: string;
      issues?: ApiError['issues'];
    };
    throw new ApiError(
      response.status,
      payload.message || text || `${response.status}: ${response.statusText}`,
      payload.code,
      payload.issues,
    );
  }
  return data as T;
}
