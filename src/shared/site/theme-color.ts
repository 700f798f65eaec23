import { findPreset } from '../themes/presets';
import { DEFAULT_BRAND } from './brand-defaults';

/**
 * The page colour of the brand's default theme: every page's `<meta name="theme-color">` and
 * the web app manifest's colours (the browser's title bar, an installed app's splash screen).
 */
export function brandThemeColor(defaultThemeId: string): string {
  const theme = findPreset(defaultThemeId) ?? findPreset(DEFAULT_BRAND.defaultThemeId)!;
  return theme.colors.main;
}
