import { useLayoutEffect } from 'react';
import { defaultPreset, resolveThemeColors, useThemeState } from './api';
import { themeVariables } from '../../../shared/themes/variables';
import { applyThemeVariables, rememberAppliedTheme } from './apply';

/** Applies the signed-in user's chosen theme once their themes have loaded. */
export default function UserThemeApplier({ userId }: { userId: string }) {
  const state = useThemeState(userId);
  const colors = state.data ? resolveThemeColors(state.data, state.data.selectedThemeId) : null;
  // Chose none: the operator's default theme, remembered as such.
  const defaultOf = state.data?.selectedThemeId === null ? defaultPreset().id : undefined;
  useLayoutEffect(() => {
    if (!colors) return;
    const theme = themeVariables(colors);
    applyThemeVariables(theme);
    rememberAppliedTheme(theme, defaultOf);
  }, [colors, defaultOf]);
  return null;
}

/**
 * The theme dialog reads the user's themes through this module: it then shares this chunk (which
 * every signed-in app page loads) instead of making the themes' reads a chunk of their own, one
 * more file on every chat page (tests/build/chat-budget.test.ts).
 */
export { defaultPreset, resolveThemeColors, useThemeState } from './api';
