/**
 * A colour's lightness (spec section 9) and the text colours that follow it, apart from the rest
 * of ./color: applying a theme (and the presets) need only these, and the chat page loads them to
 * apply the user's theme; the contrast check comes with the theme dialog.
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

/** 'Light' means a relative luminance above 0.5 (spec section 9). */
export const isLightColor = (hex: string) => relativeLuminance(hex) > 0.5;

export const TEXT_ON_LIGHT = { textPrimary: '#1a1a1a', textSecondary: '#666666' } as const;
export const TEXT_ON_DARK = { textPrimary: '#ffffff', textSecondary: '#b0b0b0' } as const;

/** Text colours follow the backgrounds: dark text only when both main and sidebar are light. */
export function optimizedTextColors(main: string, theme: string) {
  return isLightColor(main) && isLightColor(theme) ? TEXT_ON_LIGHT : TEXT_ON_DARK;
}
