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

/**
 * For load balancers choosing where to send requests: 503 from the moment the server starts to
 * stop (SIGTERM), while /api/health stays the liveness check.
 */
export const ready = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/ready',
  needs: { auth: 'public' },
  summary: 'Whether the server takes new requests (503 while it stops or its database is away)',
  schemas: (c) => ({ response: { 200: c.readyResponse, 503: c.notReadyResponse } }),
});
