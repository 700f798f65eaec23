import { describe, expect } from 'vitest';
import { appTest } from '../support/server-fixtures';
import { enrolTwoFactor, makeStaff } from '../support/two-factor';
import { registeredApiRoutes } from './support/registered-routes';

/**
 * The staff console's authorization matrix (issue 48): every route the server answers under
 * /api/admin — read from Fastify's own route table, so a new route joins the matrix without
 * being listed here — is not there for the signed-out and for users (404, whatever they send),
 * and tells staff without two-factor to set it up (403 with the setup link).
 */

const it = appTest({ LLM_MODELS: 'house-model', LLM_BASE_URL: 'http://127.0.0.1:9/v1' });

const TWO_FACTOR_REQUIRED = {
  message: 'Set up two-factor authentication to use the staff console.',
  code: 'TWO_FACTOR_REQUIRED',
  setupUrl: '/account#two-factor',
};

/** A concrete path for a route: each `:param` filled with something that could be an id. */
const concrete = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    name === 'kind' ? 'logo' : name.toLowerCase().endsWith('userid') ? 'someone' : '1',
  );

function adminRoutes(routes: string[]) {
  return routes
    .filter((r) => r.split(' ')[1]!.startsWith('/api/admin'))
    .map((r) => {
      const [method, url] = r.split(' ') as [string, string];
      return { method, path: concrete(url), name: r };
    });
}

describe('every /api/admin route', () => {
  it('is in the matrix: the console’s routes are all found', async ({ t }) => {
    const names = adminRoutes(registeredApiRoutes(t)).map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/audit',
        'GET /api/admin/users',
        'POST /api/admin/users/:userId/credits',
        'POST /api/admin/users/:userId/deletion',
        'GET /api/admin/models',
        'PUT /api/admin/models',
        'GET /api/admin/safety-report',
      ]),
    );
  });

  it('answers 404 to the signed-out and to users with two-factor, whatever they send', async ({
    t,
  }) => {
    const user = await t.signedInUser();
    await enrolTwoFactor(user);
    const anonymous = t.client();
    for (const { method, path, name } of adminRoutes(registeredApiRoutes(t))) {
      const body = method === 'GET' ? undefined : { reason: 'because', amount: 5 };
      expect((await user.request(method, path, body)).status, name).toBe(404);
      expect((await anonymous.request(method, path, body)).status, name).toBe(404);
    }
  });

  it('answers 403 with the way to set up two-factor to staff without it', async ({ t }) => {
    for (const role of ['admin', 'moderator'] as const) {
      const staff = await t.signedInUser();
      const { id } = (await staff.get('/api/auth/get-session')).json.user;
      await makeStaff(t.database.db, id, role);
      for (const { method, path, name } of adminRoutes(registeredApiRoutes(t))) {
        const body = method === 'GET' ? undefined : { reason: 'because' };
        const refused = await staff.request(method, path, body);
        expect(refused.status, `${role} ${name}`).toBe(403);
        expect(refused.json, `${role} ${name}`).toEqual(TWO_FACTOR_REQUIRED);
      }
    }
  });
});
