import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ThemeColors } from '../../../shared/themes/schemas';
import type { Database, Executor } from '../../db/client';
import { userTheme, userThemeSelection } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

export type ThemeRow = typeof userTheme.$inferSelect;

/** The user's saved themes, newest first. */
export function listThemes(db: Database, userId: string): Promise<ThemeRow[]> {
  return db
    .select()
    .from(userTheme)
    .where(eq(userTheme.userId, userId))
    .orderBy(desc(userTheme.createdAt), desc(userTheme.id));
}

export async function themeExists(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: userTheme.id })
    .from(userTheme)
    .where(and(eq(userTheme.id, id), eq(userTheme.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Saves a theme as the user's active one: the others are deactivated and the new one inserted in
 * one transaction, under a per-user lock so that the limit holds under concurrent saves. Returns
 * null when the user already has `limit` themes.
 */
export function insertActiveTheme(
  db: Database,
  userId: string,
  theme: { id: string; name: string; colors: ThemeColors },
  limit: number,
): Promise<ThemeRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'theme:' + userId}))`);
    const [{ saved } = { saved: 0 }] = await tx
      .select({ saved: count() })
      .from(userTheme)
      .where(eq(userTheme.userId, userId));
    if (saved >= limit) return null;
    await tx
      .update(userTheme)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(userTheme.userId, userId), eq(userTheme.isActive, true)));
    const [row] = await tx
      .insert(userTheme)
      .values({ ...theme, userId, isActive: true })
      .returning();
    return row!;
  });
}

/** Makes one theme the only active one; false when the user has no such theme. */
export function activateTheme(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'theme:' + userId}))`);
    const mine = await tx
      .select({ id: userTheme.id })
      .from(userTheme)
      .where(and(eq(userTheme.id, id), eq(userTheme.userId, userId)))
      .limit(1);
    if (mine.length === 0) return false;
    const now = new Date();
    await tx
      .update(userTheme)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(userTheme.userId, userId), eq(userTheme.isActive, true)));
    await tx
      .update(userTheme)
      .set({ isActive: true, updatedAt: now })
      .where(and(eq(userTheme.id, id), eq(userTheme.userId, userId)));
    return true;
  });
}

/** Deletes a theme; a selection that pointed at it falls back to the default. */
export function deleteTheme(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userTheme)
      .where(and(eq(userTheme.id, id), eq(userTheme.userId, userId)))
      .returning({ id: userTheme.id });
    if (deleted.length === 0) return false;
    await tx
      .update(userThemeSelection)
      .set({ selectedThemeId: null, updatedAt: new Date() })
      .where(
        and(eq(userThemeSelection.userId, userId), eq(userThemeSelection.selectedThemeId, id)),
      );
    return true;
  });
}

export async function readSelection(db: Database, userId: string): Promise<string | null> {
  const rows = await db
    .select({ id: userThemeSelection.selectedThemeId })
    .from(userThemeSelection)
    .where(eq(userThemeSelection.userId, userId))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function writeSelection(db: Database, userId: string, id: string | null) {
  const values = { selectedThemeId: id, updatedAt: new Date() };
  await db
    .insert(userThemeSelection)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userThemeSelection.userId, set: values });
}

/** The account export's themes (issue 14): saved custom themes and the one applied. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    themes: () =>
      db
        .select({
          id: userTheme.id,
          name: userTheme.name,
          colors: userTheme.colors,
          isActive: userTheme.isActive,
          createdAt: userTheme.createdAt,
          updatedAt: userTheme.updatedAt,
        })
        .from(userTheme)
        .where(eq(userTheme.userId, userId))
        .orderBy(userTheme.createdAt),
    themeSelection: () => readSelection(db, userId),
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(userThemeSelection).where(eq(userThemeSelection.userId, userId));
  await tx.delete(userTheme).where(eq(userTheme.userId, userId));
}
