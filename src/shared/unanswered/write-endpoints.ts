import { endpoint } from './endpoints';

/** Keeping, moving and forgetting unanswered messages: loaded with the first message sent. */

export const keepUnanswered = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/unanswered',
  needs: { auth: 'user', rate: 'messagesPerUser' },
  summary: 'Keeps a message typed while out of credits (nothing is sent to the model)',
  schemas: (c) => ({ body: c.unansweredBody, response: { 201: c.unansweredMessageSchema } }),
});

export const moveUnanswered = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/unanswered/move',
  needs: { auth: 'user' },
  summary: 'Gives a new conversation the messages typed before it existed',
  schemas: (c) => ({ body: c.unansweredMoveBody, response: { 200: c.unansweredListResponse } }),
});

export const dropUnanswered = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/unanswered/:id',
  needs: { auth: 'user' },
  summary: 'Forgets a kept message (it was sent again)',
  schemas: (c) => ({ params: c.unansweredIdParams, response: { 200: c.successResponse } }),
});
