/**
 * Colour maths for themes (spec section 5): WCAG 2.x relative luminance and contrast ratio, the
 * automatic text colours, and the contrast check the custom theme creator runs as colours change.
 * A few formulas, written out rather than pulled in from a colour library, to keep the web bundle
 * small.
 */

import { contrastRatio, READABLE_CONTRAST, shadedBackground } from './luminance';

export {
  contrastRatio,
  HEX_COLOR,
  isLightColor,
  normalizeHex,
  optimizedTextColors,
  READABLE_CONTRAST,
  relativeLuminance,
  TEXT_ON_DARK,
  TEXT_ON_LIGHT,
  textOnBubble,
} from './luminance';

/** The page's two backgrounds, as the creator names them. */
const SURFACES = [
  { key: 'main', label: 'Background' },
  { key: 'theme', label: 'Sidebar' },
] as const;

export interface ContrastIssue {
  /** The background that is hard to read on. */
  surface: 'main' | 'theme';
  /** What is hard to read, in words a user knows. */
  message: string;
  ratio: number;
}

/**
 * What would be hard to read with these colours: text (and, failing that, softer text such as
 * hints and times) on each of the page's backgrounds, below WCAG AA's 4.5:1. The bubbles are not
 * checked: their text colour is picked per bubble and always reaches 4.5:1 (textOnBubble). The
 * page's text is one colour for both backgrounds (spec section 5), so a light Background with a
 * dark Sidebar, or the other way round, leaves one of them hard to read.
 */
export function contrastIssues(colors: {
  main: string;
  theme: string;
  textPrimary: string;
  textSecondary: string;
}): ContrastIssue[] {
  return SURFACES.flatMap(({ key, label }): ContrastIssue[] => {
    // Checked on the background's hardest case, a selected row's shade.
    const background = shadedBackground(colors[key], colors.textPrimary);
    const text = contrastRatio(background, colors.textPrimary);
    if (text < READABLE_CONTRAST) {
      return [
        { surface: key, message: `Text on your ${label} colour is hard to read`, ratio: text },
      ];
    }
    const soft = contrastRatio(background, colors.textSecondary);
    if (soft < READABLE_CONTRAST) {
      const message = `Softer text (hints, times) on your ${label} colour is hard to read`;
      return [{ surface: key, message, ratio: soft }];
    }
    return [];
  });
}
