import { endpointsOf } from '../http/endpoint';

/** Character cards (Character Card V1/V2/V3, CHARX) read into a character draft (issue 47). */
const endpoint = /* @__PURE__ */ endpointsOf('Character cards', () => import('./contract'));

/**
 * A multipart body with one card in the field `file`. Creates nothing but the card's image as an
 * unused avatar (swept after a day like any upload the form did not use).
 */
export const readCharacterCard = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/character-cards/read',
  needs: { auth: 'user', rate: 'characterCardReadsPerUser' },
  kind: 'upload',
  summary: 'Reads a character card (.png, .json or .charx; multipart, field `file`) into a draft',
  schemas: (c) => ({ response: { 200: c.readCardResponse } }),
});

/**
 * A character as a card file to download (issue 47 part 6): a PNG carrying both a `ccv3` (V3) and
 * a V2 `chara` chunk, a V3 JSON, or a CHARX with the picture as its icon.
 */
export const exportCharacterCard = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters/:id/card',
  needs: { auth: 'user' },
  kind: 'download',
  summary: 'A character as a card file (format png, json or charx)',
  schemas: (c) => ({ params: c.exportCardParams, query: c.exportCardQuery, response: {} }),
});
