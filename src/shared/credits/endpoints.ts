import { endpointsOf } from '../http/endpoint';

/** The user's credits (decision 0004): read, checked before a send, topped up. */
const endpoint = /* @__PURE__ */ endpointsOf('Credits', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const getCredits = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/get-credits',
  needs: { auth: 'user' },
  summary: 'The user’s credits left',
  schemas: (c) => ({ response: { 200: c.creditsResponse } }),
});

export const creditCheck = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/credit-check',
  needs: { auth: 'user', credits: true },
  summary:
    'Whether a reply can be paid for (403 with none left; with ?empty=ok, 200 and creditsLeft 0), before anything is sent',
  schemas: (c) => ({
    query: c.emptyOkQuery,
    response: { 200: c.creditCheckResponse, 403: c.outOfCreditsResponse },
  }),
});

export const topUp = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/topup',
  needs: { auth: 'user' },
  summary: 'Tops the free plan’s credits up where its rules allow',
  schemas: (c) => ({ response: { 200: c.topUpResponse } }),
});
