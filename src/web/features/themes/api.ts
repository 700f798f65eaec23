import { useQuery, type MutationOptions, type QueryClient } from '@tanstack/react-query';
// Types only: zod (24 KB gzipped) stays out of the chat page's download, where this module
// applies the user's theme. The server checks what it stores and what it answers (its response
// schemas); an answer that is not a theme list (a proxy's error page) fails below like an
// unreachable server and the browser's copy is used.
import type { Theme } from '../../../shared/themes/contract';
// zod-free at run time too: an endpoint's schemas load only where they are used (the server).
import * as themes from '../../../shared/themes/endpoints';
import { findPreset, DEFAULT_THEME } from '../../../shared/themes/presets';
import type { ThemeColors } from '../../../shared/themes/schemas';
import { ApiError, call } from '../../lib/api';
import { readBrand } from '../../lib/brand';
import { readLocalSelection, readLocalThemes, writeLocalSelection } from './local-fallback';

export interface ThemeState {
  /** Saved custom themes, newest first (server ones, plus any kept only in this browser). */
  themes: Theme[];
  selectedThemeId: string | null;
}

export const themeStateKey = (userId: string) => [themes.listThemes.path, userId] as const;

/** A failure to reach the server (network, 5xx): the browser keeps the change instead. */
export const unreachable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/**
 * Runs one write as a mutation of the client's mutation cache, as `useMutation` would: the theme
 * query's load makes these writes, and no component holds a hook there (nor does a toast's Undo,
 * pressed after the theme dialog has closed). `networkMode: 'always'`
 * because the load itself only runs when the query may fetch; a write it waits on must fail at
 * once (the browser's copy is then shown), not pause until the network is back.
 */
export function runWrite<TData, TVariables, TContext = unknown>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
): Promise<TData> {
  return client
    .getMutationCache()
    .build(client, { networkMode: 'always', ...options })
    .execute(variables);
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
