import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/themes/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import * as service from './themes.service';

/** The user's colour themes (spec: user_themes, user_theme_selection), always scoped to them. */
export async function registerThemeRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listThemes, async (_request, _reply, user) =>
    service.listUserThemes(ctx.db, user.id),
  );

  await route(app, ctx, endpoints.saveTheme, async (request, reply, user) => {
    reply.code(201);
    return service.saveTheme(ctx.db, user.id, request.body);
  });

  await route(app, ctx, endpoints.activateTheme, async (request, _reply, user) =>
    service.activateTheme(ctx.db, user.id, request.params.id),
  );

  await route(app, ctx, endpoints.deleteTheme, async (request, _reply, user) =>
    service.deleteTheme(ctx.db, user.id, request.params.id),
  );

  await route(app, ctx, endpoints.getThemeSelection, async (_request, _reply, user) =>
    service.getSelection(ctx.db, user.id),
  );

  await route(app, ctx, endpoints.setThemeSelection, async (request, _reply, user) =>
    service.setSelection(ctx.db, user.id, request.body.selectedThemeId),
  );
}
