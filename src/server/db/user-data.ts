import type { Database, Executor } from './client';

/**
 * What each feature contributes to an account's export and deletion (issue 14, decision 0025).
 * Every feature's repo offers `exportForUser` and `deleteAllForUser`; its module hands them on as
 * `userData` in its face (index.ts), and modules/index.ts gives them to the account module in order.
 */

/** One part of the export: a list read a page at a time, or one value. */
export type ExportValue = AsyncIterable<unknown> | (() => Promise<unknown>);

/** Named parts, in the order they appear in the exported file. */
export type ExportParts = Record<string, ExportValue>;

export interface UserData {
  exportForUser(db: Database, userId: string): ExportParts;
  /**
   * Deletes every row of the user's in this feature; runs inside the deletion's transaction.
   * A feature whose rows point at stored files (keys in the avatar storage) records them for
   * removal in that transaction (recordFileRemovals, decision 0043) and answers them, to be
   * removed once it has committed.
   */
  deleteAllForUser(tx: Executor, userId: string): Promise<void | { storedFiles: string[] }>;
}

/** Rows of `read` a page at a time (`read(after)` answers rows after the key `after`, in order). */
export async function* pagesOf<T, K>(
  read: (after: K | null) => Promise<T[]>,
  keyOf: (row: T) => K,
  pageSize: number,
): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows.at(-1)!);
  }
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
