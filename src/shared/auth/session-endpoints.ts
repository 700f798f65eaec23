import { endpointsOf } from '../http/endpoint';

/**
 * The two auth endpoints every page reads (who is signed in, and signing out), apart from the
 * sign-in forms' (./endpoints.ts, which re-exports these): the web app's first load takes this
 * small module while the sign-in and account endpoints load with the dialogs that call them.
 */
const endpoint = /* @__PURE__ */ endpointsOf('Auth', async () => {
  const [contract, account, responses] = await Promise.all([
    import('./contract'),
    import('../account/contract'),
    import('../responses'),
  ]);
  return { ...contract, ...account, ...responses };
});

export const logout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/logout',
  needs: { auth: 'public' },
  summary: 'Ends the current session and clears its cookie (also when signed out already)',
  schemas: (c) => ({ response: { 200: c.successResponse } }),
});

export const getSession = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/auth/get-session',
  needs: { auth: 'public' },
  servedBy: 'better-auth',
  summary: 'Who is signed in (null for nobody)',
  schemas: (c) => ({ response: { 200: c.sessionResponse } }),
});
