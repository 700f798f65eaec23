import { endpointsOf } from '../http/endpoint';

/** Avatars: uploaded, generated, and served when stored locally (decision 0003). */
const endpoint = /* @__PURE__ */ endpointsOf('Avatars', async () => {
  const [contract, characters] = await Promise.all([
    import('./contract'),
    import('../characters/contract'),
  ]);
  return { ...contract, promptSchema: characters.promptSchema };
});

/** A multipart body with one image in the field `file` (checked and re-encoded by the server). */
export const uploadAvatar = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/avatars',
  needs: { auth: 'user', rate: 'avatarUploadsPerUser' },
  kind: 'upload',
  summary: 'Uploads an avatar image (multipart, field `file`)',
  schemas: (c) => ({ response: { 200: c.uploadAvatarResponse } }),
});

/**
 * Its rate rule (imageGenerationsPerUser) is counted by the handler, after the prompt passed the
 * adults-only checks: a refused prompt does not use up the user's generations.
 */
export const generateAvatar = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/generate-avatar',
  needs: { auth: 'user', model: true },
  summary: 'An avatar painted by the image model from a description',
  schemas: (c) => ({ body: c.promptSchema, response: { 200: c.generateAvatarResponse } }),
});

/** Locally stored avatars only (an S3 bucket serves its own). */
export const avatarFile = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/avatars/:fileName',
  needs: { auth: 'public' },
  kind: 'download',
  summary: 'An avatar image, public and cached for an hour',
  schemas: (c) => ({ params: c.avatarFileParams, response: {} }),
});
