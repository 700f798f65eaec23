import { endpointsOf } from '../http/endpoint';

/** A character's lorebook (world info, issue 47 part 3). */
const endpoint = /* @__PURE__ */ endpointsOf('Lorebooks', () => import('./contract'));

export const getLorebook = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters/:id/lorebook',
  needs: { auth: 'user' },
  summary: 'A character’s lorebook, or null when it has none',
  schemas: (c) => ({ params: c.characterParams, response: { 200: c.lorebookResponse } }),
});

export const putLorebook = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/characters/:id/lorebook',
  needs: { auth: 'user', rate: 'characterWritesPerUser' },
  summary: 'Replaces a character’s lorebook (null removes it)',
  schemas: (c) => ({
    params: c.characterParams,
    body: c.putLorebookRequest,
    response: { 200: c.lorebookResponse },
  }),
});

/**
 * A multipart body with one file in the field `file`: a `lorebook_v3` JSON, a card's
 * `character_book`, or SillyTavern World Info. Its entries are appended to the character's book.
 */
export const importLorebook = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/characters/:id/lorebook/import',
  needs: { auth: 'user', rate: 'lorebookImportsPerUser' },
  kind: 'upload',
  summary: 'Appends a lorebook file’s entries (multipart, field `file`) to a character’s lorebook',
  schemas: (c) => ({ params: c.characterParams, response: { 200: c.importLorebookResponse } }),
});
