// The staff console's side of the companion-app law, in a file of its own: the chat's first
// load takes the user endpoints (./endpoints.ts) and nothing of these.
import { endpointsOf } from '../http/endpoint';

/** The companion-app law's staff endpoints (decision 0042): the report and the holds. */
const endpoint = /* @__PURE__ */ endpointsOf('Safety', () => import('./contract'));

export const safetyReport = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/safety-report',
  needs: { auth: 'staff' },
  summary: 'Monthly counts of the crisis protocol (staff)',
  schemas: (c) => ({ query: c.safetyReportQuery, response: { 200: c.safetyReportResponse } }),
});

export const listSafetyHolds = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/admin/safety-holds',
  needs: { auth: 'staff' },
  summary: 'Paused accounts, open or reviewed (staff)',
  schemas: (c) => ({ query: c.safetyHoldListQuery, response: { 200: c.safetyHoldListResponse } }),
});

export const reviewSafetyHold = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/admin/safety-holds/:userId/review',
  needs: { auth: 'staff' },
  summary: 'Lifts or keeps a pause (staff)',
  schemas: (c) => ({
    params: c.safetyHoldParams,
    body: c.safetyHoldReviewRequest,
    response: { 200: c.safetyHoldSchema },
  }),
});
