import { useIsMutating, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { findPreset } from '../../../shared/themes/presets';
import { toast } from '../../components/ui/toast';
import { defaultPreset, type ThemeState } from './api';
import { runWrite, themeStateKey } from './theme-writes';
import { selectThemeWrite } from './theme-mutations';

/**
 * Applying a theme, and undoing it in one step: the theme each user had before their last change
 * is kept (for this visit), offered as 'Undo' in the toast that says the theme changed and in the
 * theme dialog, and put back on the server as well as on screen.
 */
const previous = new Map<string, string | null>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function setPrevious(userId: string, id: string | null | undefined) {
  if (id === undefined) previous.delete(userId);
  else previous.set(userId, id);
  emit();
}

/** The default theme is stored as null; both mean the same theme. */
const sameTheme = (a: string | null, b: string | null) =>
  (a ?? defaultPreset().id) === (b ?? defaultPreset().id);

export function themeName(state: ThemeState | undefined, id: string | null): string {
  if (!id) return defaultPreset().name;
  return findPreset(id)?.name ?? state?.themes.find((t) => t.id === id)?.name ?? 'Your theme';
}

const stateOf = (client: QueryClient, userId: string) =>
  client.getQueryData<ThemeState>(themeStateKey(userId));

const sayFailed = (error: unknown) =>
  toast({
    title: 'Error',
    description: `Failed to activate theme: ${(error as Error).message}`,
    variant: 'destructive',
  });

/**
 * Applies a theme (null: the default) and says so in a toast with 'Undo'. When the server
 * refuses it, says so and gives false; the theme shown then stays as it was.
 */
export async function applyTheme(
  client: QueryClient,
  userId: string,
  id: string | null,
  title = 'Theme Applied',
): Promise<boolean> {
  const before = stateOf(client, userId)?.selectedThemeId ?? null;
  try {
    await runWrite(client, selectThemeWrite(client, userId), id);
  } catch (error) {
    sayFailed(error);
    return false;
  }
  const name = themeName(stateOf(client, userId), id);
  if (sameTheme(before, id)) return true;
  setPrevious(userId, before);
  toast({
    title,
    description: `${name} is applied.`,
    action: { label: 'Undo', onClick: () => void undoThemeChange(client, userId) },
  });
  return true;
}

/** Puts back the theme the user had before their last change. */
export async function undoThemeChange(client: QueryClient, userId: string) {
  const before = previous.get(userId);
  if (before === undefined) return;
  try {
    await runWrite(client, selectThemeWrite(client, userId), before);
  } catch (error) {
    sayFailed(error);
    return;
  }
  setPrevious(userId, undefined);
  toast({
    title: 'Theme Restored',
    description: `Back to ${themeName(stateOf(client, userId), before)}.`,
  });
}

/** A deleted theme cannot be gone back to. */
export function forgetDeletedTheme(userId: string, id: string) {
  if (previous.get(userId) === id) setPrevious(userId, undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The theme an undo would go back to (null: the default), or undefined when there is none. */
export function usePreviousTheme(userId: string): string | null | undefined {
  return useSyncExternalStore(subscribe, () => previous.get(userId));
}

/** Whether a theme is being applied (or put back) for the user. */
export const useApplyingTheme = (userId: string) =>
  useIsMutating({ mutationKey: [...themeStateKey(userId), 'select'] }) > 0;
