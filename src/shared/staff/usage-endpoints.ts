import { endpointsOf } from '../http/endpoint';

/** The staff console's usage and cost (issue 48 part 3): staff with two-factor only. */
const endpoint = /* @__PURE__ */ endpointsOf('Staff', () => import('./usage-contract'));

export const getUsage = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/usage',
  needs: { auth: 'staff' },
  summary: 'Model calls, tokens, cost and each plan’s estimated revenue by UTC day (staff)',
  schemas: (c) => ({
    query: c.usageQuery,
    response: { 200: c.usageResponse, 403: c.twoFactorRequiredResponse },
  }),
});
