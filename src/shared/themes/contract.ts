import { z } from 'zod';
import { themeBaseColorsSchema, themeColorsSchema, themeNameSchema } from './schemas';

/** A saved custom theme as the API returns it. */
export const themeSchema = z.object({
  id: z.string(),
  name: z.string(),
  colors: themeColorsSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

export const themeIdParams = z.object({ id: z.string().min(1).max(100) });

/** GET /api/themes */
export const listThemesResponse = z.object({ themes: z.array(themeSchema) });

/** POST /api/themes: the text colours are derived on the server. */
export const saveThemeBody = z.object({ name: themeNameSchema, colors: themeBaseColorsSchema });
export type SaveThemeInput = z.infer<typeof saveThemeBody>;

/** GET and PUT /api/themes/selection: a preset id, one of the user's custom ids, or null. */
export const themeSelectionSchema = z.object({
  selectedThemeId: z.string().min(1).max(100).nullable(),
});
export type ThemeSelection = z.infer<typeof themeSelectionSchema>;
