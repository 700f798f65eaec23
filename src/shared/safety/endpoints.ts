import { endpointsOf } from '../http/endpoint';

/** The companion-app law's endpoints (decision 0042): notices, the pause, the staff report. */
const endpoint = /* @__PURE__ */ endpointsOf('Safety', async () => {
  const [contract, chat] = await Promise.all([import('./contract'), import('../chat/contract')]);
  return { ...contract, conversationParams: chat.conversationParams };
});

export const listNotices = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/conversations/:id/notices',
  needs: { auth: 'user' },
  summary: 'The notices shown in a conversation (“not a human”, crisis)',
  schemas: (c) => ({ params: c.conversationParams, response: { 200: c.noticeListResponse } }),
});

export const safetyStatus = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/safety/status',
  needs: { auth: 'user' },
  summary: 'Whether the user’s chatting is paused',
  schemas: (c) => ({ response: { 200: c.safetyStatusResponse } }),
});

export const safetyResources = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/safety/resources',
  needs: { auth: 'public' },
  summary: 'The crisis services the protocol refers to, and the notice’s interval',
  schemas: (c) => ({ response: { 200: c.safetyResourcesResponse } }),
});

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
