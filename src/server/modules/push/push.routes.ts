import type { FastifyInstance } from 'fastify';
import {
  PUSH_ENDPOINT_REFUSED,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  PUSH_SUBSCRIPTIONS_PER_USER,
} from '../../../shared/notifications/contract';
import * as endpoints from '../../../shared/notifications/endpoints';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { route } from '../../http/route';
import { endpointProblem } from './endpoint-guard';
import { forgetPushWish } from './notify.service';
import * as repo from './push.repo';
import { vapidKeys } from './vapid-keys';

/** Web Push: the key, this browser's subscription, and what the user wants told (issue 52). */
export async function registerPushRoutes(app: FastifyInstance, ctx: AppContext) {
  await route(app, ctx, endpoints.getPushKey, async () => ({
    publicKey: (await vapidKeys(ctx)).publicKey,
  }));

  await route(app, ctx, endpoints.addPushSubscription, async (request, reply, user) => {
    const { endpoint, keys } = request.body;
    if (endpointProblem(endpoint, ctx.config.push.allowHttpHosts)) {
      throw badRequest(PUSH_ENDPOINT_REFUSED);
    }
    const row = await repo.upsertSubscription(ctx.db, user.id, { endpoint, ...keys });
    await repo.trimSubscriptions(ctx.db, user.id, PUSH_SUBSCRIPTIONS_PER_USER);
    forgetPushWish(ctx, user.id);
    reply.code(201);
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  });

  await route(app, ctx, endpoints.deletePushSubscription, async (request, _reply, user) => {
    if (!(await repo.deleteSubscription(ctx.db, user.id, request.params.id))) {
      throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
    }
    forgetPushWish(ctx, user.id);
    return { success: true as const };
  });

  await route(app, ctx, endpoints.getNotificationSettings, async (_request, _reply, user) => {
    const { replies, previews } = await repo.readSettings(ctx.db, user.id);
    return { replies, previews };
  });

  await route(app, ctx, endpoints.putNotificationSettings, async (request, _reply, user) => {
    await repo.writeSettings(ctx.db, user.id, request.body);
    forgetPushWish(ctx, user.id);
    return request.body;
  });
}
