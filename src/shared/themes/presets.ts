import { optimizedTextColors } from './luminance';
import type { ThemeBaseColors, ThemeColors } from './schemas';

export interface PresetTheme {
  id: string;
  name: string;
  colors: ThemeColors;
}

/** A preset from its four base colours; text colours follow the same rule as custom themes. */
const preset = (id: string, name: string, base: ThemeBaseColors): PresetTheme => ({
  id,
  name,
  colors: { ...base, ...optimizedTextColors(base.main, base.theme) },
});

/**
 * The ten presets (spec section 3). Eight dark, two light (Workspace Light, Corporate Clean);
 * each passes the contrast check with its automatic text colours (tests/unit/themes.test.ts).
 */
export const PRESET_THEMES: readonly PresetTheme[] = [
  preset('ultra-dark', 'Ultra Dark', {
    main: '#0b0b10',
    theme: '#15151e',
    chatBubbleUser: '#a21caf',
    chatBubbleAI: '#1f1f2b',
  }),
  preset('midnight-blue', 'Midnight Blue', {
    main: '#0b1120',
    theme: '#111a2e',
    chatBubbleUser: '#1d4ed8',
    chatBubbleAI: '#1c2a44',
  }),
  preset('deep-forest', 'Deep Forest', {
    main: '#0a140f',
    theme: '#10201a',
    chatBubbleUser: '#15803d',
    chatBubbleAI: '#173026',
  }),
  preset('royal-purple', 'Royal Purple', {
    main: '#120a1f',
    theme: '#1c1030',
    chatBubbleUser: '#7e22ce',
    chatBubbleAI: '#2a1a45',
  }),
  preset('messenger-blue', 'Messenger Blue', {
    main: '#101418',
    theme: '#181e25',
    chatBubbleUser: '#0a6fe6',
    chatBubbleAI: '#262d36',
  }),
  preset('green-chat', 'Green Chat', {
    main: '#0b141a',
    theme: '#111b21',
    chatBubbleUser: '#005c4b',
    chatBubbleAI: '#202c33',
  }),
  preset('sky-messenger', 'Sky Messenger', {
    main: '#0e1621',
    theme: '#17212b',
    chatBubbleUser: '#2b5278',
    chatBubbleAI: '#182533',
  }),
  preset('gamer-dark', 'Gamer Dark', {
    main: '#1e1f22',
    theme: '#2b2d31',
    chatBubbleUser: '#5865f2',
    chatBubbleAI: '#313338',
  }),
  preset('workspace-light', 'Workspace Light', {
    main: '#ffffff',
    theme: '#f6f7f9',
    chatBubbleUser: '#dbeafe',
    chatBubbleAI: '#eceef2',
  }),
  preset('corporate-clean', 'Corporate Clean', {
    main: '#f8fafc',
    theme: '#f1f5f9',
    chatBubbleUser: '#c7d2fe',
    chatBubbleAI: '#ffffff',
  }),
];

export const DEFAULT_THEME = PRESET_THEMES[0]!;

export const findPreset = (id: string) => PRESET_THEMES.find((p) => p.id === id);

/** Custom theme ids are prefixed 'custom-' (spec section 3). */
export const CUSTOM_THEME_PREFIX = 'custom-';
export const isCustomThemeId = (id: string) => id.startsWith(CUSTOM_THEME_PREFIX);
