import { endpointsOf } from '../http/endpoint';

/** What a character remembers about its user (decision 0023). */
const endpoint = /* @__PURE__ */ endpointsOf('Memories', async () => {
  const [contract, characters, responses] = await Promise.all([
    import('./contract'),
    import('../characters/contract'),
    import('../responses'),
  ]);
  return { ...contract, characterParams: characters.characterParams, ...responses };
});

export const listMemories = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters/:id/memories',
  needs: { auth: 'user' },
  summary: 'A character’s memories of the user, pinned first, then newest',
  schemas: (c) => ({ params: c.characterParams, response: { 200: c.memoryListResponse } }),
});

export const addMemory = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/characters/:id/memories',
  needs: { auth: 'user', rate: 'memoryWritesPerUser' },
  summary: 'Adds a memory (pinned by default)',
  schemas: (c) => ({
    params: c.characterParams,
    body: c.createMemoryRequest,
    response: { 201: c.memoryResponse },
  }),
});

export const updateMemory = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/memories/:id',
  needs: { auth: 'user', rate: 'memoryWritesPerUser' },
  summary: 'Changes a memory’s text or pin',
  schemas: (c) => ({
    params: c.memoryParams,
    body: c.updateMemoryRequest,
    response: { 200: c.memoryResponse },
  }),
});

export const deleteMemory = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/memories/:id',
  needs: { auth: 'user', rate: 'memoryWritesPerUser' },
  summary: 'Forgets a memory',
  schemas: (c) => ({ params: c.memoryParams, response: { 200: c.successResponse } }),
});
