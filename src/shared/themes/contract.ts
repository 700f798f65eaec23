import { z } from 'zod';
import { themeBaseColorsSchema, themeColorsSchema, themeNameSchema } from './schemas';

/**
 * One contract per theme endpoint (spec: user_themes, user_theme_selection). Colour rules are in
 * ./schemas.ts; the web app's types come from here.
 *
 *   GET    /api/themes                              → listThemesResponse
 *   POST   /api/themes               saveThemeBody  → 201 themeSchema
 *   PUT    /api/themes/{id}/activate themeIdParams  → successResponse (../responses.ts)
 *   DELETE /api/themes/{id}          themeIdParams  → successResponse
 *   GET    /api/themes/selection                    → themeSelectionSchema
 *   PUT    /api/themes/selection     themeSelectionSchema → themeSelectionSchema
 */

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
export type ListThemesResponse = z.infer<typeof listThemesResponse>;

/** POST /api/themes: the text colours are derived on the server. */
export const saveThemeBody = z.object({ name: themeNameSchema, colors: themeBaseColorsSchema });
export type SaveThemeInput = z.infer<typeof saveThemeBody>;

/** GET and PUT /api/themes/selection: a preset id, one of the user's custom ids, or null. */
export const themeSelectionSchema = z.object({
  selectedThemeId: z.string().min(1).max(100).nullable(),
});
export type ThemeSelection = z.infer<typeof themeSelectionSchema>;
