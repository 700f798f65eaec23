import { endpointsOf } from '../http/endpoint';

/** The character endpoints (spec sections 5 and 9); schemas in ./contract.ts and ./schemas.ts. */
const endpoint = /* @__PURE__ */ endpointsOf('Characters', async () => {
  const [contract, schemas, responses] = await Promise.all([
    import('./contract'),
    import('./schemas'),
    import('../responses'),
  ]);
  return { ...contract, ...schemas, ...responses };
});

export const listCharacters = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters',
  needs: { auth: 'user' },
  summary: 'The user’s characters, each with its number of conversations',
  schemas: (c) => ({ response: { 200: c.characterListResponse } }),
});

export const getCharacter = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters/:id',
  needs: { auth: 'user' },
  summary: 'One of the user’s characters',
  schemas: (c) => ({ params: c.characterParams, response: { 200: c.characterSchema } }),
});

export const createCharacter = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/characters',
  needs: { auth: 'user', rate: 'characterWritesPerUser' },
  summary: 'Creates a character (the adults-only rule and the model’s second opinion apply)',
  schemas: (c) => ({
    body: c.createCharacterSchema,
    response: { 201: c.createCharacterResponse },
  }),
});

export const updateCharacter = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/characters/:id',
  needs: { auth: 'user', rate: 'characterWritesPerUser' },
  summary: 'Changes a character (fields not sent are kept)',
  schemas: (c) => ({
    params: c.characterParams,
    body: c.updateCharacterSchema,
    response: { 200: c.characterSchema },
  }),
});

export const deleteCharacter = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/characters/:id',
  needs: { auth: 'user' },
  summary: 'Deletes a character with its memories (its conversations are kept)',
  schemas: (c) => ({ params: c.characterParams, response: { 200: c.successResponse } }),
});

export const deleteCharacterConversations = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/characters/:id/conversations',
  needs: { auth: 'user' },
  summary: 'Deletes every conversation with a character',
  schemas: (c) => ({
    params: c.characterParams,
    response: { 200: c.deleteConversationsResponse },
  }),
});

export const generateCharacter = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/generate-character',
  needs: { auth: 'user', model: true, rate: 'characterGenerationsPerUser' },
  summary: 'A draft character made by the model from a description (nothing is stored)',
  schemas: (c) => ({ body: c.promptSchema, response: { 200: c.generatedCharacterResponse } }),
});

export const listStarters = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/starters',
  needs: { auth: 'user' },
  summary: 'The ready-made characters a user may adopt (issue 45)',
  schemas: (c) => ({ response: { 200: c.starterListResponse } }),
});

/**
 * Counted with AI generation (characterGenerationsPerUser): both make a whole character for the
 * user, and an adoption also stores its portrait as the user's avatar.
 */
export const adoptStarter = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/starters/:id/adopt',
  needs: { auth: 'user', rate: 'characterGenerationsPerUser' },
  summary:
    'Creates the user’s own editable copy of a ready-made character, with its portrait as avatar',
  schemas: (c) => ({ params: c.starterParams, response: { 201: c.createCharacterResponse } }),
});
