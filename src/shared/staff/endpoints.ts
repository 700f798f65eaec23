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

export const searchUsers = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/users',
  needs: { auth: 'staff' },
  summary: 'Accounts by address or name, newest first, at most 20 (staff)',
  schemas: (c) => ({
    query: c.userSearchQuery,
    response: { 200: c.userSearchResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const getUserPage = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/users/:userId',
  needs: { auth: 'staff' },
  summary: 'One account: plan, credits, activity, counts, sessions (staff)',
  schemas: (c) => ({
    params: c.staffUserParams,
    response: { 200: c.userPageResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const grantUserCredits = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/credits',
  needs: { auth: 'staff', rate: 'creditGrantsPerStaff' },
  summary: 'Gives or takes credits, with a reason (staff)',
  schemas: (c) => ({
    params: c.staffUserParams,
    body: c.creditGrantRequest,
    response: { 200: c.creditGrantResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const setUserSuspension = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/suspension',
  needs: { auth: 'staff' },
  summary: 'Suspends or restores an account, with a reason (staff)',
  schemas: (c) => ({
    params: c.staffUserParams,
    body: c.suspensionRequest,
    response: { 200: c.userPageResponse, 403: c.staffForbiddenResponse },
  }),
});

export const revokeUserSessions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/sessions/revoke',
  needs: { auth: 'staff' },
  summary: 'Ends all of an account’s sessions, with a reason (staff)',
  schemas: (c) => ({
    params: c.staffUserParams,
    body: c.sessionsRevokeRequest,
    response: { 200: c.sessionsRevokedResponse, 403: c.staffForbiddenResponse },
  }),
});

export const deleteUserAccount = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/deletion',
  needs: { auth: 'staff' },
  summary: 'Deletes an account and all its data, with a reason (admins)',
  schemas: (c) => ({
    params: c.staffUserParams,
    body: c.accountDeletionRequest,
    response: { 200: c.sessionsRevokedResponse, 403: c.staffForbiddenResponse },
  }),
});
