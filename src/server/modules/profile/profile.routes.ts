import type { FastifyInstance } from 'fastify';
import { getProfile as readProfile } from '../../../shared/profile/endpoints';
import * as endpoints from '../../../shared/profile/write-endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { getProfile, saveProfile } from './profile.service';

export async function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, readProfile, async (request, _reply, user) =>
    getProfile(ctx.db, user.id, { emptyOk: request.query.empty === 'ok' }),
  );
  for (const save of [endpoints.createProfile, endpoints.updateProfile]) {
    await route(app, ctx, save, async (request, _reply, user) =>
      saveProfile(ctx.db, user.id, request.body),
    );
  }
}
