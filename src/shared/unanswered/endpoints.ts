import { endpointsOf } from '../http/endpoint';

/**
 * Messages typed while out of credits, kept until sent again (issue 45, defect 9). The chat reads
 * them with its first load; the writes (write-endpoints.ts, declared with this `endpoint`) come
 * with the first message sent.
 */
export const endpoint = /* @__PURE__ */ endpointsOf('Unanswered messages', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const listUnanswered = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/unanswered',
  needs: { auth: 'user' },
  summary: 'A thread’s messages typed while out of credits, oldest first',
  schemas: (c) => ({ query: c.unansweredThreadQuery, response: { 200: c.unansweredListResponse } }),
});
