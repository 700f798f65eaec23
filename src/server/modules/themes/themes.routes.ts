import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listThemesResponse,
  saveThemeBody,
  themeIdParams,
  themeSchema,
  themeSelectionSchema,
} from '../../../shared/themes/contract';
import { successResponse } from '../../../shared/responses';
import type { AppContext } from '../../context';
import { enforce } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { RATE_RULES } from '../../rate-rules';
import * as service from './themes.service';

/** The user's colour themes (spec: user_themes, user_theme_selection), always scoped to them. */
export async function registerThemeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = async (request: Parameters<typeof requireUser>[1]) =>
    (await requireUser(ctx.sessions, request)).id;

  r.get('/api/themes', { schema: { response: { 200: listThemesResponse } } }, async (request) =>
    service.listUserThemes(ctx.db, await user(request)),
  );

  r.post(
    '/api/themes',
    { schema: { body: saveThemeBody, response: { 201: themeSchema } } },
    async (request, reply) => {
      const userId = await user(request);
      await enforce(ctx.limiter, RATE_RULES.themeSavesPerUser, userId);
      reply.code(201);
      return service.saveTheme(ctx.db, userId, request.body);
    },
  );

  r.put(
    '/api/themes/:id/activate',
    { schema: { params: themeIdParams, response: { 200: successResponse } } },
    async (request) => service.activateTheme(ctx.db, await user(request), request.params.id),
  );

  r.delete(
    '/api/themes/:id',
    { schema: { params: themeIdParams, response: { 200: successResponse } } },
    async (request) => service.deleteTheme(ctx.db, await user(request), request.params.id),
  );

  r.get(
    '/api/themes/selection',
    { schema: { response: { 200: themeSelectionSchema } } },
    async (request) => service.getSelection(ctx.db, await user(request)),
  );

  r.put(
    '/api/themes/selection',
    { schema: { body: themeSelectionSchema, response: { 200: themeSelectionSchema } } },
    async (request) =>
      service.setSelection(ctx.db, await user(request), request.body.selectedThemeId),
  );
}
