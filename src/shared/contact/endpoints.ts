import { endpointsOf } from '../http/endpoint';

const endpoint = /* @__PURE__ */ endpointsOf('Contact', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

/** The contact form: stored and mailed to the team; signed in or not. */
export const sendContactMessage = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/contact',
  needs: { auth: 'public', rate: 'contactPerClient' },
  summary: 'Sends a message to the team (the contact form)',
  schemas: (c) => ({ body: c.contactSchema, response: { 201: c.successResponse } }),
});
