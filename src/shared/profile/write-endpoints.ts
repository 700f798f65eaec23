import { endpoint } from './endpoints';

/** Saving the user's profile: loaded with the profile dialog. */

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
