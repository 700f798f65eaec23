import { endpointsOf } from '../http/endpoint';

const endpoint = /* @__PURE__ */ endpointsOf('Feedback', () => import('./contract'));

/** Thumbs up or down on a reply; the message pair is stored for staff review. */
export const sendFeedback = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/feedback',
  needs: { auth: 'user', rate: 'feedbackPerUser' },
  summary: 'Thumbs up or down on a reply',
  schemas: (c) => ({ body: c.feedbackRequest, response: { 201: c.feedbackResponse } }),
});
