import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import * as endpoints from '../../../shared/account/endpoints';
import { deleteUserAccount } from '../../../shared/staff/endpoints';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { requireAdmin } from '../../http/staff';
import { AUTH_BASE_PATH } from '../auth';
import * as service from './account.service';
import type { UserDataList } from './account.service';

/**
 * The account (issue 14): what it is, 'Download my data' and 'Delete my account'. Password,
 * e-mail and device changes are better-auth's endpoints under /api/auth (auth.routes.ts).
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  userData: UserDataList,
) {
  await route(app, ctx, endpoints.getAccount, async (_request, reply, { id }) => {
    reply.header('cache-control', 'no-store');
    return service.getAccount(ctx, id);
  });

  await route(app, ctx, endpoints.exportAccount, async (_request, reply, { id }) => {
    const file = await service.exportAccount(ctx, id, userData);
    // The first piece is made before the headers go: a failure then is an ordinary error
    // answer, not an error message saved as the user's export file.
    const chunks = file.chunks[Symbol.asyncIterator]();
    const first = await chunks.next();
    const rest = { [Symbol.asyncIterator]: () => chunks };
    const body = Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* rest;
      })(),
    );
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  await route(app, ctx, endpoints.deleteAccount, async (request, reply, { id }) => {
    await service.deleteAccount(ctx, id, request.body, fromNodeHeaders(request.headers), userData);
    // The session is gone with the account; this clears the browser's cookies.
    const signOut = await ctx.auth.handler(
      new Request(new URL(`${AUTH_BASE_PATH}/sign-out`, ctx.config.publicUrl), {
        method: 'POST',
        headers: {
          cookie: request.headers.cookie ?? '',
          origin: ctx.config.publicUrl,
          'content-type': 'application/json',
        },
        body: '{}',
      }),
    );
    reply.header('set-cookie', signOut.headers.getSetCookie());
    return reply.send({ success: true });
  });

  // The staff console's deletion (issue 48 part 2): an admin's, with a reason the audit log keeps
  // (route.ts), through the same erasure as the user's own.
  await route(app, ctx, deleteUserAccount, async (request, _reply, staff) => {
    requireAdmin(staff);
    await service.deleteAccountAsStaff(ctx, staff.id, request.params.userId, userData);
    return { success: true as const };
  });
}
