import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import type { Theme } from '../../../shared/themes/contract';
import * as themes from '../../../shared/themes/endpoints';
import { call } from '../../lib/api';
import { runWrite, themeStateKey, unreachable } from './theme-writes';
import {
  LOCAL_THEME_PREFIX,
  readLocalSelection,
  readLocalThemes,
  writeLocalSelection,
  writeLocalThemes,
} from './local-fallback';

/**
 * Uploads a theme saved only in this browser. It changes nothing in the cache itself: the load
 * that runs it reads the server's list right after.
 */
const uploadLocalTheme = (userId: string): MutationOptions<Theme, Error, Theme> => ({
  mutationKey: [...themeStateKey(userId), 'upload-local'],
  mutationFn: async (theme) =>
    call(themes.saveTheme, {
      body: {
        name: theme.name,
        colors: {
          main: theme.colors.main,
          theme: theme.colors.theme,
          chatBubbleUser: theme.colors.chatBubbleUser,
          chatBubbleAI: theme.colors.chatBubbleAI,
        },
      },
    }),
});

/** Sends a selection made while the server was away; the load reads it back afterwards. */
const sendPendingSelection = (userId: string): MutationOptions<unknown, Error, string | null> => ({
  mutationKey: [...themeStateKey(userId), 'send-selection'],
  mutationFn: (selectedThemeId) => call(themes.setThemeSelection, { body: { selectedThemeId } }),
});

/**
 * Sends what was kept in this browser while the server could not be reached: themes saved
 * locally first (their local ids are replaced by the server's), then the selection.
 */
export async function syncLocalChanges(client: QueryClient, userId: string) {
  const local = readLocalThemes(userId);
  const selection = readLocalSelection(userId);
  let selected = selection?.id ?? null;
  const left: Theme[] = [];
  for (const theme of local) {
    try {
      const saved = await runWrite(client, uploadLocalTheme(userId), theme);
      if (selected === theme.id) selected = saved.id;
    } catch (error) {
      if (unreachable(error)) left.push(theme);
      else if (selected === theme.id) selected = null; // refused for good (e.g. the 50 limit)
    }
  }
  writeLocalThemes(userId, left);
  if (selection?.pending && !selected?.startsWith(LOCAL_THEME_PREFIX)) {
    await runWrite(client, sendPendingSelection(userId), selected);
    writeLocalSelection(userId, { id: selected, pending: false });
  }
}
