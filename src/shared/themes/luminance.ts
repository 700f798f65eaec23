/**
 * A colour's lightness (spec section 9) and the text colours that follow it — the page's, and
 * each chat bubble's — apart from the rest of ./color: applying a theme (and the presets) need
 * only these, and the chat page loads them to apply the user's theme; the contrast check comes
 * with the theme dialog.
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
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** 'Light' means a relative luminance above 0.5 (spec section 9). */
export const isLightColor = (hex: string) => relativeLuminance(hex) > 0.5;

export const TEXT_ON_LIGHT = { textPrimary: '#1a1a1a', textSecondary: '#666666' } as const;
export const TEXT_ON_DARK = { textPrimary: '#ffffff', textSecondary: '#b0b0b0' } as const;

/** WCAG AA for body text: what text colours are chosen to reach. */
export const READABLE_CONTRAST = 4.5;

/** How much of the text colour a selected or hovered row mixes into its background (styles.css). */
export const HOVER_SHADE = 0.07;

/**
 * A background's hardest case for its text: the shade a selected or hovered row takes
 * (--color-hover-strong), as the sidebar's chat list has one.
 */
export const shadedBackground = (background: string, textPrimary: string) =>
  mix(background, textPrimary, HOVER_SHADE);

/**
 * Text colours follow the backgrounds: dark text only when both main and sidebar are light
 * (spec section 5). The softer text starts from the spec's shade and moves towards the main text
 * colour only as far as it must to reach 4.5:1 on both (a mid-dark Background made #b0b0b0 hard
 * to read); when no shade does, it stays the spec's.
 */
export function optimizedTextColors(main: string, theme: string) {
  const pair = isLightColor(main) && isLightColor(theme) ? TEXT_ON_LIGHT : TEXT_ON_DARK;
  const reads = (soft: string) =>
    [main, theme].every(
      (bg) => contrastRatio(shadedBackground(bg, pair.textPrimary), soft) >= READABLE_CONTRAST,
    );
  const softer = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    .map((t) => mix(pair.textSecondary, pair.textPrimary, t))
    .find(reads);
  return { textPrimary: pair.textPrimary, textSecondary: softer ?? pair.textSecondary };
}

/** `a` moved `t` of the way towards `b` (0 to 1), per sRGB channel. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [channels(a), channels(b)];
  const hex = x.map((c, i) => {
    const value = Math.round((c * (1 - t) + y[i]! * t) * 255);
    return value.toString(16).padStart(2, '0');
  });
  return `#${hex.join('')}`;
}

/**
 * Message text on a bubble: near-black or white, whichever contrasts more with the bubble. When
 * neither reaches 4.5:1 (mid-tone bubbles), pure black does: black or white always reaches at
 * least 4.58:1, so a bubble's text is always readable. `muted` (italics, quotes) is the text
 * moved towards the bubble only as far as it still reaches 4.5:1.
 */
export function textOnBubble(bubble: string): { text: string; muted: string } {
  const candidates: string[] = [TEXT_ON_LIGHT.textPrimary, TEXT_ON_DARK.textPrimary];
  let text = candidates.reduce((best, c) =>
    contrastRatio(c, bubble) > contrastRatio(best, bubble) ? c : best,
  );
  if (contrastRatio(text, bubble) < READABLE_CONTRAST) text = '#000000';
  const steps = [0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05];
  const muted = steps
    .map((t) => mix(text, bubble, t))
    .find((c) => contrastRatio(c, bubble) >= READABLE_CONTRAST);
  return { text, muted: muted ?? text };
}
