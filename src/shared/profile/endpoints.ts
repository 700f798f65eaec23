import { endpointsOf } from '../http/endpoint';

/** The user's profile (what characters know about them). */
const endpoint = /* @__PURE__ */ endpointsOf('Profile', async () => {
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

export const createProfile = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user-profile',
  needs: { auth: 'user' },
  summary: 'Saves the user’s profile (the first time; PUT alike)',
  schemas: (c) => ({ body: c.userProfileSchema, response: { 200: c.profileResponse } }),
});

export const updateProfile = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/user-profile',
  needs: { auth: 'user' },
  summary: 'Saves the user’s profile',
  schemas: (c) => ({ body: c.userProfileSchema, response: { 200: c.profileResponse } }),
});
