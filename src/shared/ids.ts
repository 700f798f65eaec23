/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * Reads a positive integer id from a path, query or stored value. Anything else (letters, 1.5,
 * 1e3, numbers too large for the column) is null, which callers treat as "not found".
 */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
