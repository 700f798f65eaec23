import { endpointsOf } from '../http/endpoint';

/** The operator's brand, maintenance switch and announcement (issue 48 parts 5 and 6). */
const endpoint = /* @__PURE__ */ endpointsOf('Site', async () => {
  const [contract, staff] = await Promise.all([import('./contract'), import('../staff/contract')]);
  return { ...contract, twoFactorRequiredResponse: staff.twoFactorRequiredResponse };
});

export const getBrand = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/brand',
  needs: { auth: 'public' },
  summary: 'The product’s name, tagline, support address, legal entity, images and default theme',
  schemas: (c) => ({ response: { 200: c.brandResponse } }),
});

export const brandImage = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/brand/:kind',
  needs: { auth: 'public' },
  kind: 'download',
  summary: 'The uploaded logo or favicon (404 when none)',
  schemas: (c) => ({ params: c.brandImageParams, response: {} }),
});

export const webManifest = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/manifest.webmanifest',
  needs: { auth: 'public' },
  kind: 'download',
  summary: 'The web app manifest: the brand’s name, colours and icons (application/manifest+json)',
  schemas: () => ({ response: {} }),
});

export const brandIcon = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/brand/icons/:size',
  needs: { auth: 'public' },
  kind: 'download',
  summary: 'The uploaded favicon drawn as a square PNG app icon (404 when none was uploaded)',
  schemas: (c) => ({ params: c.brandIconParams, response: {} }),
});

export const getAdminBrand = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/brand',
  needs: { auth: 'staff' },
  summary: 'The brand, for the console (staff)',
  schemas: (c) => ({ response: { 200: c.brandResponse, 403: c.twoFactorRequiredResponse } }),
});

export const saveBrand = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/admin/brand',
  needs: { auth: 'staff' },
  summary: 'Saves the brand (admins)',
  schemas: (c) => ({ body: c.brandRequest, response: { 200: c.brandResponse } }),
});

export const uploadBrandImage = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/brand/:kind',
  needs: { auth: 'staff', rate: 'avatarUploadsPerUser' },
  kind: 'upload',
  summary: 'Uploads the logo or favicon (multipart, field `file`; admins)',
  schemas: (c) => ({ params: c.brandImageParams, response: { 200: c.brandResponse } }),
});

export const removeBrandImage = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/admin/brand/:kind',
  needs: { auth: 'staff' },
  summary: 'Removes the logo or favicon: the built-in one shows again (admins)',
  schemas: (c) => ({ params: c.brandImageParams, response: { 200: c.brandResponse } }),
});

export const getSiteSettings = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/site',
  needs: { auth: 'staff' },
  summary: 'The maintenance switch and the announcement (staff)',
  schemas: (c) => ({
    response: { 200: c.siteSettingsResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const setMaintenance = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/admin/maintenance',
  needs: { auth: 'staff' },
  summary: 'Pauses or resumes replies, with the message users see (admins)',
  schemas: (c) => ({ body: c.maintenanceSchema, response: { 200: c.siteSettingsResponse } }),
});

export const setAnnouncement = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/admin/announcement',
  needs: { auth: 'staff' },
  summary: 'Sets or takes down the banner every signed-in user sees (admins)',
  schemas: (c) => ({ body: c.announcementRequest, response: { 200: c.siteSettingsResponse } }),
});

export const getSiteStatus = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/site/status',
  needs: { auth: 'user' },
  summary: 'The announcement showing now and whether replies are paused',
  schemas: (c) => ({ response: { 200: c.siteStatusResponse } }),
});
