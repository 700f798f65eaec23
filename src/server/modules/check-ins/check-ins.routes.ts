import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/check-ins/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { getCheckIns, putCheckIns } from './check-ins.service';

export async function registerCheckInRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.getCheckIns, async (request, _reply, user) =>
    getCheckIns(ctx, user.id, request.params.id),
  );
  await route(app, ctx, endpoints.putCheckIns, async (request, _reply, user) =>
    putCheckIns(ctx, user.id, request.params.id, request.body),
  );
}
