import { endpointsOf } from '../http/endpoint';

/** The staff console's endpoints (decision 0055): staff with two-factor only. */
const endpoint = /* @__PURE__ */ endpointsOf('Staff', () => import('./contract'));

export const listAudit = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  needs: { auth: 'staff' },
  summary: 'The staff audit log, newest first (staff; itself recorded)',
  schemas: (c) => ({
    query: c.auditPageQuery,
    response: { 200: c.auditPageResponse, 403: c.twoFactorRequiredResponse },
  }),
});
