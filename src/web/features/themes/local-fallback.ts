import type { Theme } from '../../../shared/themes/contract';

/**
 * When the server cannot be reached, theme choices are kept in this browser under a per-user key
 * (spec section 3, browser-stored items) and sent to the server the next time it answers.
 */
export interface LocalSelection {
  id: string | null;
  /** Not on the server yet. */
  pending: boolean;
}

const selectionKey = (userId: string) => `reverie.themeSelection.${userId}`;
const themesKey = (userId: string) => `reverie.customThemes.${userId}`;

/** Ids of themes saved only in this browser so far. */
export const LOCAL_THEME_PREFIX = 'custom-local-';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: nothing more we can keep */
  }
}

export const readLocalSelection = (userId: string) =>
  read<LocalSelection | null>(selectionKey(userId), null);
export const writeLocalSelection = (userId: string, value: LocalSelection) =>
  write(selectionKey(userId), value);

export const readLocalThemes = (userId: string) => read<Theme[]>(themesKey(userId), []);
export const writeLocalThemes = (userId: string, themes: Theme[]) =>
  write(themesKey(userId), themes.length ? themes : null);
