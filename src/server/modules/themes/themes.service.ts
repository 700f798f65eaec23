import { randomBytes } from 'node:crypto';
import type { Theme, SaveThemeInput } from '../../../shared/themes/contract';
import { optimizedTextColors } from '../../../shared/themes/color';
import { CUSTOM_THEME_PREFIX, findPreset, isCustomThemeId } from '../../../shared/themes/presets';
import { THEME_LIMITS } from '../../../shared/themes/schemas';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import * as repo from './themes.repo';

export const THEME_NOT_FOUND = 'Theme not found';
export const UNKNOWN_THEME = 'Unknown theme';
export const TOO_MANY_THEMES = `You can save up to ${THEME_LIMITS.savedPerUser} themes. Delete one to save another.`;

function toTheme(row: repo.ThemeRow): Theme {
  return {
    id: row.id,
    name: row.name,
    colors: row.colors,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listUserThemes(db: Database, userId: string) {
  return { themes: (await repo.listThemes(db, userId)).map(toTheme) };
}

/** Saves a custom theme with text colours derived by the spec's rule; it becomes the active one. */
export async function saveTheme(db: Database, userId: string, input: SaveThemeInput) {
  const colors = { ...input.colors, ...optimizedTextColors(input.colors.main, input.colors.theme) };
  const id = `${CUSTOM_THEME_PREFIX}${randomBytes(9).toString('base64url')}`;
  const row = await repo.insertActiveTheme(
    db,
    userId,
    { id, name: input.name, colors },
    THEME_LIMITS.savedPerUser,
  );
  if (!row) throw conflict(TOO_MANY_THEMES);
  return toTheme(row);
}

export async function activateTheme(db: Database, userId: string, id: string) {
  if (!(await repo.activateTheme(db, userId, id))) throw notFound(THEME_NOT_FOUND);
  return { success: true as const };
}

export async function deleteTheme(db: Database, userId: string, id: string) {
  if (!(await repo.deleteTheme(db, userId, id))) throw notFound(THEME_NOT_FOUND);
  return { success: true as const };
}

export async function getSelection(db: Database, userId: string) {
  return { selectedThemeId: await repo.readSelection(db, userId) };
}

/** A preset, one of the user's own custom themes, or null; anything else is refused. */
export async function setSelection(db: Database, userId: string, id: string | null) {
  if (id !== null) {
    const known = isCustomThemeId(id)
      ? await repo.themeExists(db, userId, id)
      : findPreset(id) !== undefined;
    if (!known) throw badRequest(UNKNOWN_THEME);
  }
  await repo.writeSelection(db, userId, id);
  return { selectedThemeId: id };
}
