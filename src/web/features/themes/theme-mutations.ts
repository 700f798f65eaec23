import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { SaveThemeInput, Theme } from '../../../shared/themes/contract';
import * as themes from '../../../shared/themes/endpoints';
import { optimizedTextColors } from '../../../shared/themes/color';
import { findPreset } from '../../../shared/themes/presets';
import { call } from '../../lib/api';
import type { ThemeState } from './api';
import { themeStateKey, unreachable } from './theme-writes';
import {
  LOCAL_THEME_PREFIX,
  readLocalThemes,
  writeLocalSelection,
  writeLocalThemes,
} from './local-fallback';

// The theme dialog's writes, apart from ./api: the chat page loads ./api to apply the user's
// theme, and these come only with the dialog.

const updateState = (
  client: QueryClient,
  userId: string,
  change: (state: ThemeState) => ThemeState,
) =>
  client.setQueryData<ThemeState>(themeStateKey(userId), (state) =>
    change(state ?? { themes: [], selectedThemeId: null }),
  );

/**
 * Applies a theme for the user: saved on the server, or in this browser when that fails. Options
 * rather than a hook alone: an undo pressed in a toast runs it after the dialog has gone.
 */
export const selectThemeWrite = (
  client: QueryClient,
  userId: string,
): MutationOptions<void, Error, string | null, { before: string | null }> => ({
  mutationKey: [...themeStateKey(userId), 'select'],
  // Shown at once; put back if the server refuses it.
  onMutate: (id) => {
    const before = client.getQueryData<ThemeState>(themeStateKey(userId))?.selectedThemeId;
    updateState(client, userId, (s) => ({ ...s, selectedThemeId: id }));
    return { before: before ?? null };
  },
  onError: (_error, _id, result) => {
    if (result) updateState(client, userId, (s) => ({ ...s, selectedThemeId: result.before }));
  },
  mutationFn: async (id) => {
    if (id?.startsWith(LOCAL_THEME_PREFIX)) {
      writeLocalSelection(userId, { id, pending: true });
      return;
    }
    try {
      await call(themes.setThemeSelection, { body: { selectedThemeId: id } });
      if (id && !findPreset(id)) await call(themes.activateTheme, { params: { id } });
      writeLocalSelection(userId, { id, pending: false });
    } catch (error) {
      if (!unreachable(error)) throw error;
      writeLocalSelection(userId, { id, pending: true });
    }
  },
});

export function useSelectTheme(userId: string) {
  const client = useQueryClient();
  return useMutation(selectThemeWrite(client, userId));
}

/** Saves a custom theme (it becomes the active one), kept in this browser if the server is away. */
export function useSaveTheme(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveThemeInput): Promise<Theme> => {
      try {
        return await call(themes.saveTheme, { body: input });
      } catch (error) {
        if (!unreachable(error)) throw error;
        const now = new Date().toISOString();
        const local: Theme = {
          id: `${LOCAL_THEME_PREFIX}${Date.now().toString(36)}`,
          name: input.name,
          colors: {
            ...input.colors,
            ...optimizedTextColors(input.colors.main, input.colors.theme),
          },
          isActive: true,
          createdAt: now,
          updatedAt: now,
        };
        writeLocalThemes(userId, [local, ...readLocalThemes(userId)]);
        return local;
      }
    },
    onSuccess: (saved) =>
      updateState(client, userId, (s) => ({
        ...s,
        themes: [saved, ...s.themes.map((t) => ({ ...t, isActive: false }))],
      })),
  });
}

export function useDeleteTheme(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (id.startsWith(LOCAL_THEME_PREFIX)) {
        writeLocalThemes(
          userId,
          readLocalThemes(userId).filter((t) => t.id !== id),
        );
        return;
      }
      try {
        await call(themes.deleteTheme, { params: { id } });
      } catch (error) {
        throw new Error(`Failed to delete theme: ${(error as Error).message}`);
      }
    },
    onSuccess: (_, id) =>
      updateState(client, userId, (s) => ({
        themes: s.themes.filter((t) => t.id !== id),
        selectedThemeId: s.selectedThemeId === id ? null : s.selectedThemeId,
      })),
  });
}
