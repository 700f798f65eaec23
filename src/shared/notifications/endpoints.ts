import { endpointsOf } from '../http/endpoint';

/** Web Push and the notification settings (issue 52 part 2). */
const endpoint = /* @__PURE__ */ endpointsOf('Notifications', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const getPushKey = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/push/key',
  needs: { auth: 'user' },
  summary: 'The server’s VAPID public key, for PushManager.subscribe',
  schemas: (c) => ({ response: { 200: c.pushKeyResponse } }),
});

export const addPushSubscription = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/push/subscriptions',
  needs: { auth: 'user', rate: 'notificationWritesPerUser' },
  summary: 'Keeps this browser’s push subscription (its PushSubscription JSON)',
  schemas: (c) => ({ body: c.pushSubscriptionBody, response: { 201: c.pushSubscriptionView } }),
});

export const deletePushSubscription = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/push/subscriptions/:id',
  needs: { auth: 'user', rate: 'notificationWritesPerUser' },
  summary: 'Forgets a push subscription: nothing more is sent to that browser',
  schemas: (c) => ({ params: c.pushSubscriptionParams, response: { 200: c.successResponse } }),
});

export const getNotificationSettings = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/notifications/settings',
  needs: { auth: 'user' },
  summary: 'What the user is told, and whether notifications show previews',
  schemas: (c) => ({ response: { 200: c.notificationSettingsSchema } }),
});

export const putNotificationSettings = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/notifications/settings',
  needs: { auth: 'user', rate: 'notificationWritesPerUser' },
  summary: 'Sets what the user is told, and whether notifications show previews',
  schemas: (c) => ({
    body: c.notificationSettingsSchema,
    response: { 200: c.notificationSettingsSchema },
  }),
});
