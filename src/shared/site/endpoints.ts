import { endpointsOf } from '../http/endpoint';

/**
 * The public side of the operator's settings (issue 48 parts 5 and 6): the brand, the manifest
 * and what a signed-in page shows; the console's are in ./admin-endpoints.ts.
 */
const endpoint = /* @__PURE__ */ endpointsOf('Site', () => import('./contract'));

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

export const getSiteStatus = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/site/status',
  needs: { auth: 'user' },
  summary: 'The announcement showing now and whether replies are paused',
  schemas: (c) => ({ response: { 200: c.siteStatusResponse } }),
});
