/**
 * Colour maths for themes (spec section 5): WCAG 2.x relative luminance and contrast ratio, the
 * automatic text colours, and the contrast check run when a theme is applied. A few formulas,
 * written out rather than pulled in from a colour library, to keep the web bundle small.
 */

import { relativeLuminance } from './luminance';

export {
  HEX_COLOR,
  isLightColor,
  normalizeHex,
  optimizedTextColors,
  relativeLuminance,
  TEXT_ON_DARK,
  TEXT_ON_LIGHT,
} from './luminance';

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** The spec's thresholds: body text needs 4.5:1, text on a chat bubble 3:1. */
export const CONTRAST_THRESHOLDS = { text: 4.5, bubble: 3 } as const;

export const CONTRAST_MESSAGES = {
  main: 'Main background and text have insufficient contrast',
  theme: 'Theme background and text have insufficient contrast',
  chatBubbleUser: 'User chat bubble has low contrast with text',
  chatBubbleAI: 'AI chat bubble has low contrast with text',
} as const;

export interface ContrastCheck {
  valid: boolean;
  issues: string[];
}

/** Run on Apply: problems are shown as a warning, the theme is applied anyway. */
export function checkThemeContrast(colors: {
  main: string;
  theme: string;
  chatBubbleUser: string;
  chatBubbleAI: string;
  textPrimary: string;
}): ContrastCheck {
  const issues: string[] = [];
  const text = colors.textPrimary;
  if (contrastRatio(colors.main, text) < CONTRAST_THRESHOLDS.text) {
    issues.push(CONTRAST_MESSAGES.main);
  }
  if (contrastRatio(colors.theme, text) < CONTRAST_THRESHOLDS.text) {
    issues.push(CONTRAST_MESSAGES.theme);
  }
  if (contrastRatio(colors.chatBubbleUser, text) < CONTRAST_THRESHOLDS.bubble) {
    issues.push(CONTRAST_MESSAGES.chatBubbleUser);
  }
  if (contrastRatio(colors.chatBubbleAI, text) < CONTRAST_THRESHOLDS.bubble) {
    issues.push(CONTRAST_MESSAGES.chatBubbleAI);
  }
  return { valid: issues.length === 0, issues };
}
