import { endpointsOf } from '../http/endpoint';

/** The user's saved colour themes and the applied selection (decision 0009). */
const endpoint = /* @__PURE__ */ endpointsOf('Themes', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const listThemes = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/themes',
  needs: { auth: 'user' },
  summary: 'The user’s saved themes',
  schemas: (c) => ({ response: { 200: c.listThemesResponse } }),
});

export const saveTheme = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/themes',
  needs: { auth: 'user', rate: 'themeSavesPerUser' },
  summary: 'Saves a custom theme (up to 50)',
  schemas: (c) => ({ body: c.saveThemeBody, response: { 201: c.themeSchema } }),
});

export const activateTheme = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/themes/:id/activate',
  needs: { auth: 'user' },
  summary: 'Marks a saved theme as the active one',
  schemas: (c) => ({ params: c.themeIdParams, response: { 200: c.successResponse } }),
});

export const deleteTheme = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/themes/:id',
  needs: { auth: 'user' },
  summary: 'Deletes a saved theme',
  schemas: (c) => ({ params: c.themeIdParams, response: { 200: c.successResponse } }),
});

export const getThemeSelection = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/themes/selection',
  needs: { auth: 'user' },
  summary: 'The theme the user applied (a preset’s or a saved theme’s id)',
  schemas: (c) => ({ response: { 200: c.themeSelectionSchema } }),
});

export const setThemeSelection = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/themes/selection',
  needs: { auth: 'user' },
  summary: 'Applies a theme',
  schemas: (c) => ({ body: c.themeSelectionSchema, response: { 200: c.themeSelectionSchema } }),
});
