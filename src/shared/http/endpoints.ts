import { endpointsOf } from './endpoint';

const endpoint = /* @__PURE__ */ endpointsOf('API', () => import('./contract'));

/** The API's own description, for integrators and operators. */
export const openApiDocument = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  needs: { auth: 'public' },
  summary: 'This document: every route of the API as OpenAPI 3.1',
  schemas: (c) => ({ response: { 200: c.openApiDocumentResponse } }),
});
