import { endpointsOf } from '../http/endpoint';

/** The companion-app law's user endpoints (decision 0042): notices, the pause, the resources; the staff's are in ./admin-endpoints.ts. */
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
