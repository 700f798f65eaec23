import { endpointsOf } from '../http/endpoint';

/** Check-ins: characters who write first (issue 52 part 3). */
const endpoint = /* @__PURE__ */ endpointsOf('Check-ins', () => import('./contract'));

export const getCheckIns = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/characters/:id/check-ins',
  needs: { auth: 'user' },
  summary: 'When a character writes first (off until the user sets it)',
  schemas: (c) => ({ params: c.checkInParams, response: { 200: c.checkInSettingsView } }),
});

export const putCheckIns = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/characters/:id/check-ins',
  needs: { auth: 'user', rate: 'notificationWritesPerUser' },
  summary: 'Sets when a character writes first: times, days, time zone, quiet hours, daily limit',
  schemas: (c) => ({
    params: c.checkInParams,
    body: c.checkInSettingsSchema,
    response: { 200: c.checkInSettingsView },
  }),
});
