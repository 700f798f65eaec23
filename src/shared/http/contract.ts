import { z } from 'zod';

/**
 * GET /api/openapi.json → openApiDocumentResponse: the OpenAPI 3.1 document of every route,
 * generated from the endpoints' own schemas (src/server/plugins/openapi.ts; sent as the text it
 * made, so this schema describes it and checks nothing per request).
 */
export const openApiDocumentResponse = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string() })).optional(),
  components: z.record(z.string(), z.unknown()).optional(),
  paths: z.record(z.string(), z.unknown()),
});
