import { endpointsOf } from '../http/endpoint';

/** Reports and moderation (issue 49). */
const endpoint = /* @__PURE__ */ endpointsOf('Reports', async () => {
  const [contract, staff, users] = await Promise.all([
    import('./contract'),
    import('../staff/contract'),
    import('../staff/users-contract'),
  ]);
  return {
    ...contract,
    twoFactorRequiredResponse: staff.twoFactorRequiredResponse,
    staffForbiddenResponse: staff.staffForbiddenResponse,
    staffUserParams: users.staffUserParams,
  };
});

export const createReport = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/reports',
  needs: { auth: 'user', rate: 'reportsPerUser' },
  summary: 'Reports a message or a character the user can see (201; 200 for one reported before)',
  schemas: (c) => ({
    body: c.reportRequest,
    response: { 200: c.reportResponse, 201: c.reportResponse },
  }),
});

export const listMyReports = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/reports/mine',
  needs: { auth: 'user' },
  summary: 'The user’s reports with their outcome, and what moderation removed of theirs',
  schemas: (c) => ({ response: { 200: c.myReportsResponse } }),
});

export const listReports = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/reports',
  needs: { auth: 'staff' },
  summary: 'The review queue, most serious and newest first, with open counts by reason (staff)',
  schemas: (c) => ({
    query: c.reportQueueQuery,
    response: { 200: c.reportQueueResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const getReport = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/reports/:reportId',
  needs: { auth: 'staff' },
  summary: 'One report with the message’s context on its branch and the character (staff)',
  schemas: (c) => ({
    params: c.reportParams,
    response: { 200: c.reportDetailResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const decideReport = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/reports/:reportId/decision',
  needs: { auth: 'staff' },
  summary: 'Dismisses, removes the message or character, or suspends the user (staff)',
  schemas: (c) => ({
    params: c.reportParams,
    body: c.decisionRequest,
    response: { 200: c.reportDetailResponse, 403: c.staffForbiddenResponse },
  }),
});

export const reverseDecision = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/decisions/:decisionId/reversal',
  needs: { auth: 'staff' },
  summary: 'Reverses a decision: the message, character or account comes back (admins)',
  schemas: (c) => ({
    params: c.decisionParams,
    body: c.reversalRequest,
    response: { 200: c.reversalResponse, 403: c.staffForbiddenResponse },
  }),
});

export const listUserDecisions = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/users/:userId/decisions',
  needs: { auth: 'staff' },
  summary: 'The moderation decisions about one user, newest first, reversed or standing (staff)',
  schemas: (c) => ({
    params: c.staffUserParams,
    response: { 200: c.userDecisionsResponse, 403: c.twoFactorRequiredResponse },
  }),
});

export const listFeedback = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/feedback',
  needs: { auth: 'staff' },
  summary: 'The thumbs up and down users shared, with counts per model and per day (staff)',
  schemas: (c) => ({
    query: c.feedbackListQuery,
    response: { 200: c.feedbackListResponse, 403: c.twoFactorRequiredResponse },
  }),
});
