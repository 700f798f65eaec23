/**
 * Colour maths for themes (spec section 5): WCAG 2.x relative luminance and contrast ratio, the
 * automatic text colours, and the contrast check run when a theme is applied. A few formulas,
 * written out rather than pulled in from a colour library, to keep the web bundle small.
 */

/** `#rgb` or `#rrggbb`, case-insensitive. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#AbC' → '#aabbcc'. Throws on anything that is not a hex colour. */
export function normalizeHex(hex: string): string {
  if (!HEX_COLOR.test(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const h = hex.slice(1).toLowerCase();
  return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
}

function channels(hex: string): [number, number, number] {
  const h = normalizeHex(hex);
  return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** 'Light' means a relative luminance above 0.5 (spec section 9). */
export const isLightColor = (hex: string) => relativeLuminance(hex) > 0.5;

export const TEXT_ON_LIGHT = { textPrimary: '#1a1a1a', textSecondary: '#666666' } as const;
export const TEXT_ON_DARK = { textPrimary: '#ffffff', textSecondary: '#b0b0b0' } as const;

/** Text colours follow the backgrounds: dark text only when both main and sidebar are light. */
export function optimizedTextColors(main: string, theme: string) {
  return isLightColor(main) && isLightColor(theme) ? TEXT_ON_LIGHT : TEXT_ON_DARK;
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
