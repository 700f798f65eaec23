import { describe, expect } from 'vitest';
import { appTest } from '../support/server-fixtures';
import { registeredApiRoutes } from './support/registered-routes';

/**
 * GET /api/openapi.json (issue 43 item 1): the OpenAPI 3.1 document generated from the endpoint
 * objects' schemas. Every /api route the server answers must be in it.
 */

const it = appTest();

/** Fastify's `/api/characters/:id` as OpenAPI writes it: `/api/characters/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, public, JSON', async ({ t }) => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.info.title).toContain('API');
  });

  it('names every /api route the server registered', async ({ t }) => {
    const { json } = await t.client().get('/api/openapi.json');
    const routes = registeredApiRoutes(t);
    // The listing itself works: a known route is in it.
    expect(routes).toContain('GET /api/characters/:id');
    // better-auth's handler (the catch-all under /api/auth) is documented as that catch-all.
    expect(routes).toContain('POST /api/auth/*');
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return !json.paths[openApiPath(url)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('describes an endpoint with its schemas and needs', async ({ t }) => {
    const { json } = await t.client().get('/api/openapi.json');
    const update = json.paths['/api/characters/{id}'].put;
    expect(update.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    const body = update.requestBody.content['application/json'].schema;
    expect(body.properties.name).toBeDefined();
    expect(body.properties.greetings).toBeDefined();
    const answer = update.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(expect.arrayContaining(['id', 'name', 'avatarUrl']));
    expect(update.responses['4XX'].content['application/json'].schema.required).toEqual([
      'message',
    ]);
    expect(update.security).toEqual([{ session: [] }]);
    expect(update['x-needs']).toEqual({
      auth: 'user',
      rate: expect.objectContaining({ rule: 'characterWritesPerUser', limit: 300 }),
    });

    const generate = json.paths['/api/generate-character'].post;
    expect(generate['x-needs'].rate).toMatchObject({ rule: 'characterGenerationsPerUser' });
    expect(json.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });
});
