import { endpointsOf } from '../http/endpoint';

/**
 * The account (issue 14, decision 0025): what it is, 'Download my data' and 'Delete my account'.
 * Password, e-mail and device changes are better-auth's endpoints under /api/auth.
 */
const endpoint = /* @__PURE__ */ endpointsOf('Account', async () => {
  const [contract, responses] = await Promise.all([import('./contract'), import('../responses')]);
  return { ...contract, ...responses };
});

export const getAccount = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/account',
  needs: { auth: 'user' },
  summary: 'The account: its address, plan, sign-in methods',
  schemas: (c) => ({ response: { 200: c.accountResponse } }),
});

export const exportAccount = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/account/export',
  needs: { auth: 'user', rate: 'accountExportsPerUser' },
  kind: 'download',
  summary: 'Everything stored about the user, as a file to download',
  schemas: () => ({ response: {} }),
});

export const deleteAccount = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/account/delete',
  needs: { auth: 'user', rate: 'accountDeletionsPerUser' },
  summary: 'Deletes the account and everything in it (the password confirms)',
  schemas: (c) => ({ body: c.deleteAccountRequest, response: { 200: c.successResponse } }),
});
