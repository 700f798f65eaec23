/**
 * What a failed statement's SQLSTATE says, read through the wrappers around it (Drizzle's
 * DrizzleQueryError keeps the driver's error as its `cause`). The same codes on PGlite and
 * PostgreSQL.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = e.cause;
  }
  return undefined;
}

/** A row the statement pointed at (a parent message, a conversation, a user) is gone. */
export const isMissingReference = (error: unknown) => sqlStateOf(error) === '23503';
