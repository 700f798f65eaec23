import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/avatars/endpoints';
import { checkCharacterIsAdult } from '../../../shared/characters/adults-only';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { route } from '../../http/route';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import { PUBLIC_FILE_CACHE_SECONDS } from '../../integrations/storage';
import { enforce } from '../../plugins/rate-limit';
import { RATE_RULES } from '../../rate-rules';
import { reviewCharacterAge } from '../safety';
import { storeAvatar } from './avatars.service';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, contentTypeForFileName } from './image-processing';
import { avatarPrompt } from '../../prompts/avatar.prompt';

export async function registerAvatarRoutes(app: FastifyInstance, ctx: AppContext) {
  const { limiter } = ctx;

  await uploadScope(app, AVATAR_MAX_BYTES, async (scope) => {
    await route(scope, ctx, endpoints.uploadAvatar, async (request, _reply, user) => {
      const { bytes } = await uploadedFile(request, {
        what: 'image',
        tooBig: AVATAR_MESSAGES.tooBig,
      });
      const stored = await storeAvatar(ctx, user.id, bytes);
      return { success: true as const, ...stored };
    });
  });

  await route(app, ctx, endpoints.generateAvatar, async (request, _reply, user) => {
    const problem = checkCharacterIsAdult({ description: request.body.prompt });
    if (problem) throw badRequest(problem);
    // Never paint a minor: the portrait request gets the same second opinion as a character.
    if (ctx.images.configured)
      await reviewCharacterAge(ctx, user.id, { request: request.body.prompt });
    await enforce(limiter, RATE_RULES.imageGenerationsPerUser, user.id);
    const bytes = await ctx.images.generate(avatarPrompt(request.body.prompt));
    const stored = await storeAvatar(ctx, user.id, bytes);
    return { success: true as const, fileName: stored.fileName, imageUrl: stored.url };
  });

  // Locally stored avatars are public (like a public bucket) and cached for an hour.
  const storage = ctx.avatarStorage;
  if (storage.read) {
    const read = storage.read.bind(storage);
    await route(app, ctx, endpoints.avatarFile, async (request, reply) => {
      const { fileName } = request.params;
      const data = await read(fileName);
      if (!data) throw notFound();
      return reply
        .header('content-type', contentTypeForFileName(fileName))
        .header('cache-control', `public, max-age=${PUBLIC_FILE_CACHE_SECONDS}`)
        .send(data);
    });
  }
}
