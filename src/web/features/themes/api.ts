import { useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: zod (24 KB gzipped) stays out of the chat page's download, where this module
// applies the user's theme. The server checks what it stores and what it answers (its response
// schemas); an answer that is not a theme list (a proxy's error page) fails below like an
// unreachable server and the browser's copy is used.
import type { Theme } from '../../../shared/themes/contract';
// zod-free at run time too: an endpoint's schemas load only where they are used (the server).
import * as themes from '../../../shared/themes/endpoints';
import { findPreset, DEFAULT_THEME } from '../../../shared/themes/presets';
import type { ThemeColors } from '../../../shared/themes/schemas';
import { call } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { readLocalSelection, readLocalThemes, writeLocalSelection } from './local-fallback';
import { themeStateKey } from './theme-writes';

export interface ThemeState {
  /** Saved custom themes, newest first (server ones, plus any kept only in this browser). */
  themes: Theme[];
  selectedThemeId: string | null;
}

async function loadThemeState(client: QueryClient, userId: string): Promise<ThemeState> {
  const local = readLocalThemes(userId);
  try {
    // What this browser kept while the server was away is rare: the code that sends it is a
    // chunk of its own, fetched only then (the chat page's 120 KB, tests/build/chat-budget).
    if (local.length > 0 || readLocalSelection(userId)?.pending) {
      await (await import('./local-sync')).syncLocalChanges(client, userId);
    }
    const [list, selection] = await Promise.all([
      call(themes.listThemes),
      call(themes.getThemeSelection),
    ]);
    if (!Array.isArray(list.themes)) throw new Error('not a theme list');
    writeLocalSelection(userId, { id: selection.selectedThemeId, pending: false });
    return {
      themes: [...readLocalThemes(userId), ...list.themes],
      selectedThemeId: selection.selectedThemeId,
    };
  } catch {
    // Silently the browser's copy (spec): the user keeps their theme while the server is away.
    return { themes: local, selectedThemeId: readLocalSelection(userId)?.id ?? null };
  }
}

/** The signed-in user's themes and selection; the chosen palette follows them to every device. */
export const useThemeState = (userId: string | null) =>
  useQuery({
    queryKey: themeStateKey(userId ?? ''),
    enabled: userId !== null,
    queryFn: ({ client }) => loadThemeState(client, userId!),
    staleTime: Infinity,
  });

/**
 * The theme of a user who chose none: the operator's default (the brand's `defaultThemeId`), or
 * Ultra Dark when that is no preset.
 */
export const defaultPreset = () => findPreset(readBrand().defaultThemeId) ?? DEFAULT_THEME;

/** The colours of a theme id: a preset, a saved theme, or the default for null/unknown ids. */
export function resolveThemeColors(state: ThemeState | undefined, id: string | null): ThemeColors {
  if (id) {
    const preset = findPreset(id);
    if (preset) return preset.colors;
    const custom = state?.themes.find((t) => t.id === id);
    if (custom) return custom.colors;
  }
  return defaultPreset().colors;
}
