import { MAX_ID } from '../ids';

/**
 * Where a page of the conversation list ends: the last conversation's `updated_at`, exact to the
 * microsecond as PostgreSQL stores it (a JavaScript date keeps only milliseconds, and a cursor
 * rounded to them would skip or repeat conversations), and its id, which orders equal times.
 * Clients get it as an opaque token (decision 0016) and hand it back unchanged.
 */
export interface ConversationCursor {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  updatedAt: string;
  id: number;
}

const TIME = /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;

/** base64url of `time|id` (btoa/atob: the server and browsers both have them). */
export function encodeConversationCursor(cursor: ConversationCursor): string {
  return btoa(`${cursor.updatedAt}|${cursor.id}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor a token stands for, or null for anything we did not hand out. */
export function decodeConversationCursor(token: string): ConversationCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return null;
  let text: string;
  try {
    text = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [updatedAt = '', idText = '', ...rest] = text.split('|');
  if (rest.length > 0 || !isRealTime(updatedAt) || !/^[1-9]\d{0,9}$/.test(idText)) return null;
  const id = Number(idText);
  return id <= MAX_ID ? { updatedAt, id } : null;
}

/** The format, and a date that exists (the database would refuse 2026-02-30 with an error). */
function isRealTime(text: string): boolean {
  if (!TIME.test(text)) return false;
  const millis = text.slice(0, 23);
  const date = new Date(`${millis}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === millis;
}
