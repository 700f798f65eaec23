import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { siteSetting } from '../../db/schema';

/** The keys of `site_setting` (one row each; an absent row reads as its default). */
export type SiteKey = 'brand' | 'maintenance' | 'announcement';

export interface SiteRow {
  key: string;
  value: unknown;
  updatedAt: Date;
}

/** Every setting row (three at most): the cache reads them in one statement. */
export async function readSiteRows(db: Database): Promise<SiteRow[]> {
  return db
    .select({ key: siteSetting.key, value: siteSetting.value, updatedAt: siteSetting.updatedAt })
    .from(siteSetting);
}

/** Writes one setting, with who changed it and when. */
export async function writeSiteSetting(
  db: Executor,
  key: SiteKey,
  value: unknown,
  updatedBy: string,
): Promise<void> {
  const set = { value, updatedAt: sql`now()`, updatedBy };
  await db
    .insert(siteSetting)
    .values({ key, ...set })
    .onConflictDoUpdate({ target: siteSetting.key, set });
}

/** The setting's stored value, its row locked until the transaction ends. */
export async function lockSiteSetting(tx: Executor, key: SiteKey): Promise<unknown> {
  // The row is made first, so that there is always one to lock; the caller writes the value in the
  // same transaction (and `{}` would read as the default anyway: every schema refuses it).
  await tx.insert(siteSetting).values({ key, value: {} }).onConflictDoNothing();
  const [row] = await tx
    .select({ value: siteSetting.value })
    .from(siteSetting)
    .where(eq(siteSetting.key, key))
    .for('update');
  return row?.value ?? null;
}
