import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/models/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { requireAdmin } from '../../http/staff';
import { listModels, saveModels } from './models.service';

/** The staff console's Models page (issue 48 part 4): any staff reads, admins save. */
export async function registerModelRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.listModels, async () => listModels(ctx));
  await route(app, ctx, endpoints.saveModels, async (request, _reply, staff) => {
    requireAdmin(staff);
    return saveModels(ctx, request.body.models);
  });
}
