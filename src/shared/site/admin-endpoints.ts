// The staff console's side of the site settings, in a file of its own: the signed-in app's
// first load takes the public endpoints (./endpoints.ts) and nothing of these.
import { endpointsOf } from '../http/endpoint';

/** The console's brand, maintenance switch and announcement (issue 48 parts 5 and 6). */
const endpoint = /* @__PURE__ */ endpointsOf('Site', async () => {
  const [contract, staff] = await Promise.all([import('./contract'), import('../staff/contract')]);
  return { ...contract, twoFactorRequiredResponse: staff.twoFactorRequiredResponse };
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
