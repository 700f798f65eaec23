import { z } from 'zod';
import { HEX_COLOR, normalizeHex } from './color';

/** A colour as people type it (`#rgb` or `#rrggbb`), stored as lower-case `#rrggbb`. */
export const hexColorSchema = z
  .string({ error: 'Choose a colour' })
  .trim()
  .regex(HEX_COLOR, 'Colours are written as #rgb or #rrggbb')
  .transform(normalizeHex);

/** The four colours a user picks; the two text colours are derived from them. */
export const themeBaseColorsSchema = z.object({
  main: hexColorSchema,
  theme: hexColorSchema,
  chatBubbleUser: hexColorSchema,
  chatBubbleAI: hexColorSchema,
});

/** The spec's theme colour set. */
export const themeColorsSchema = themeBaseColorsSchema.extend({
  textPrimary: hexColorSchema,
  textSecondary: hexColorSchema,
});
export type ThemeBaseColors = z.infer<typeof themeBaseColorsSchema>;
export type ThemeColors = z.infer<typeof themeColorsSchema>;

export const THEME_LIMITS = { nameMaxLength: 40, savedPerUser: 50 } as const;

export const themeNameSchema = z
  .string({ error: 'Please enter a name for your custom theme.' })
  .trim()
  .min(1, 'Please enter a name for your custom theme.')
  .max(
    THEME_LIMITS.nameMaxLength,
    `Theme names can be at most ${THEME_LIMITS.nameMaxLength} characters.`,
  );
