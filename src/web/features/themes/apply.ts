// Types only: the colour arithmetic (shared/themes/variables) stays in the signed-in theme's
// chunk, out of every page's first download.
import type { ThemeVariables } from '../../../shared/themes/variables';

/**
 * The palette last applied in this browser, read by /theme-boot.js before the first paint of a
 * signed-in page, so a reload shows the user's theme at once rather than the default first.
 */
export const APPLIED_THEME_KEY = 'reverie.theme.applied';

let appliedNames: string[] = [];

/** Sets a theme's CSS variables on <html>; `null` goes back to the default (Ultra Dark). */
export function applyThemeVariables(theme: ThemeVariables | null) {
  const root = document.documentElement.style;
  for (const name of appliedNames) root.removeProperty(name);
  appliedNames = [];
  if (!theme) {
    root.removeProperty('color-scheme');
    return;
  }
  const { vars, scheme } = theme;
  for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
  root.setProperty('color-scheme', scheme);
  appliedNames = Object.keys(vars);
}

/**
 * Remembers the palette for the next page load (null forgets it). `defaultOf`: the user chose
 * none and this is the operator's default theme of that id; /theme-boot.js skips it once the
 * operator has picked another default (the app then applies the new one).
 */
export function rememberAppliedTheme(theme: ThemeVariables | null, defaultOf?: string) {
  try {
    if (!theme) window.localStorage.removeItem(APPLIED_THEME_KEY);
    else window.localStorage.setItem(APPLIED_THEME_KEY, JSON.stringify({ ...theme, defaultOf }));
  } catch {
    /* the theme then shows a moment after load */
  }
}
