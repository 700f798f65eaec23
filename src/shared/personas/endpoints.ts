import { endpointsOf } from '../http/endpoint';

/** Who the user is in a conversation (issue 47 part 5): the profile first, then their personas. */
const endpoint = /* @__PURE__ */ endpointsOf('Personas', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const listPersonas = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/personas',
  needs: { auth: 'user' },
  summary: 'The user’s personas: the profile first (id null), then the others oldest first',
  schemas: (c) => ({ response: { 200: c.personaListResponse } }),
});

export const createPersona = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/personas',
  needs: { auth: 'user', rate: 'personaWritesPerUser' },
  summary: 'Adds a persona',
  schemas: (c) => ({ body: c.personaRequest, response: { 201: c.personaSchema } }),
});

export const updatePersona = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/personas/:id',
  needs: { auth: 'user', rate: 'personaWritesPerUser' },
  summary: 'Changes a persona',
  schemas: (c) => ({
    params: c.personaParams,
    body: c.personaRequest,
    response: { 200: c.personaSchema },
  }),
});

export const deletePersona = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/personas/:id',
  needs: { auth: 'user', rate: 'personaWritesPerUser' },
  summary: 'Deletes a persona; its conversations go on as the profile',
  schemas: (c) => ({ params: c.personaParams, response: { 200: c.successResponse } }),
});
