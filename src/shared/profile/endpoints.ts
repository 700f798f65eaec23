import { endpointsOf } from '../http/endpoint';

/**
 * The user's profile (what characters know about them). The chat reads it with its first load;
 * saving it (write-endpoints.ts, declared with this `endpoint`) comes with the profile dialog.
 */
export const endpoint = /* @__PURE__ */ endpointsOf('Profile', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const getProfile = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/user-profile',
  needs: { auth: 'user' },
  summary: 'The user’s profile (404 before one is saved; with ?empty=ok, 200 and null)',
  schemas: (c) => ({ query: c.emptyOkQuery, response: { 200: c.profileOrNullResponse } }),
});
