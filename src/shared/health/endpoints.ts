import { endpointsOf } from '../http/endpoint';

const endpoint = /* @__PURE__ */ endpointsOf('Operations', () => import('./contract'));

/** For load balancers and monitors: 503 while the database does not answer. */
export const health = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/health',
  needs: { auth: 'public' },
  summary: 'Whether the server and its database answer',
  schemas: (c) => ({ response: { 200: c.healthyResponse, 503: c.unhealthyResponse } }),
});
