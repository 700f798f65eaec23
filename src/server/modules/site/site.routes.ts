import type { FastifyInstance } from 'fastify';
import * as adminEndpoints from '../../../shared/site/admin-endpoints';
import * as publicEndpoints from '../../../shared/site/endpoints';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { requireAdmin } from '../../http/staff';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TOO_BIG,
  brandImageFile,
  removeBrandImage,
  uploadBrandImage,
} from './brand-images';
import {
  saveBrand,
  setAnnouncement,
  setMaintenance,
  siteSettings,
  siteStatus,
} from './site.service';
import { siteState } from './site-settings';
import { brandIconFile, webManifest, type WebAppIconSize } from './web-manifest';

/**
 * The operator's settings (issue 48 parts 5 and 6): the brand (public to read; every page's HTML
 * carries it too, plugins/app-shell.ts), the maintenance switch and the announcement. Staff may
 * look; only admins change (`requireAdmin`); route.ts writes each to the audit log.
 */
export async function registerSiteRoutes(app: FastifyInstance, ctx: AppContext) {
  const endpoints = { ...publicEndpoints, ...adminEndpoints };
  const brand = async () => (await siteState(ctx.db)).brand;

  await route(app, ctx, endpoints.getBrand, brand);
  await route(app, ctx, endpoints.brandImage, async (request, reply) => {
    const { v } = request.query as { v?: unknown };
    const file = await brandImageFile(ctx, request.params.kind, v);
    if (!file) throw notFound('There is no such image.');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', file.cacheControl)
      .send(file.data);
  });

  await route(app, ctx, endpoints.webManifest, async (_request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webManifest(await siteState(ctx.db)))),
  );
  await route(app, ctx, endpoints.brandIcon, async (request, reply) => {
    const { v } = request.query as { v?: unknown };
    const file = await brandIconFile(ctx, Number(request.params.size) as WebAppIconSize, v);
    if (!file) throw notFound('There is no such image.');
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', file.cacheControl)
      .send(file.data);
  });

  await route(app, ctx, endpoints.getAdminBrand, brand);
  await route(app, ctx, endpoints.saveBrand, async (request, _reply, user) =>
    saveBrand(ctx, user, request.body),
  );
  await uploadScope(app, BRAND_IMAGE_MAX_BYTES, async (scope) => {
    await route(scope, ctx, endpoints.uploadBrandImage, async (request, _reply, user) => {
      // Before the upload is read: a moderator's file is not looked at.
      requireAdmin(user);
      const { bytes } = await uploadedFile(request, { what: 'image', tooBig: BRAND_IMAGE_TOO_BIG });
      return uploadBrandImage(ctx, user, request.params.kind, bytes);
    });
  });
  await route(app, ctx, endpoints.removeBrandImage, async (request, _reply, user) =>
    removeBrandImage(ctx, user, request.params.kind),
  );

  await route(app, ctx, endpoints.getSiteSettings, async () => siteSettings(ctx));
  await route(app, ctx, endpoints.setMaintenance, async (request, _reply, user) =>
    setMaintenance(ctx, user, request.body),
  );
  await route(app, ctx, endpoints.setAnnouncement, async (request, _reply, user) =>
    setAnnouncement(ctx, user, request.body.announcement),
  );
  await route(app, ctx, endpoints.getSiteStatus, async () => siteStatus(ctx));
}
