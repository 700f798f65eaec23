import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/character-cards/endpoints';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { route } from '../../http/route';
import { uploadedFile, uploadScope } from '../../http/uploaded-file';
import { avatarUrl, storeAvatar } from '../avatars';
import { findCharacter } from '../characters';
import { CHARACTER_NOT_FOUND } from '../../../shared/characters/contract';
import { notFound } from '../../errors';
import { cardV3Of, charxOf, pngWithCard, portraitPng } from './card-write';
import { CARD_LIMITS, CARD_MESSAGES } from './card-limits';
import { readCardDraft } from './card-read';

export async function registerCharacterCardRoutes(app: FastifyInstance, ctx: AppContext) {
  await uploadScope(app, CARD_LIMITS.fileMaxBytes, async (scope) => {
    await route(scope, ctx, endpoints.readCharacterCard, async (request, _reply, user) => {
      const { bytes, fileName } = await uploadedFile(request, {
        what: 'card',
        tooBig: CARD_MESSAGES.fileTooBig,
      });

      const { draft, lorebook, image, warnings } = readCardDraft(bytes, fileName);
      let avatarUploadId: string | null = null;
      if (image) {
        // Today's upload pipeline: checked, re-encoded without metadata, stored as the user's
        // (unused until a character shows it; swept after a day otherwise).
        try {
          avatarUploadId = (await storeAvatar(ctx, user.id, image)).fileName;
        } catch (error) {
          // The card is fine without its picture: the form lets the user choose another.
          if (!(error instanceof HttpError)) throw error;
          warnings.push(
            error.statusCode === 413
              ? 'The card’s image is over 5 MB, so it was not used as the avatar.'
              : 'The card’s image could not be read, so it was not used as the avatar.',
          );
        }
      }
      return {
        draft,
        lorebook,
        avatarUploadId,
        avatarUrl: avatarUrl(ctx, avatarUploadId),
        warnings,
      };
    });
  });

  await route(app, ctx, endpoints.exportCharacterCard, async (request, reply, user) => {
    const character = await findCharacter(ctx.db, user.id, request.params.id);
    if (!character) throw notFound(CHARACTER_NOT_FOUND);
    const { format } = request.query;
    const avatar = character.avatarImage
      ? await ctx.avatarStorage.get(character.avatarImage)
      : null;
    const download = (extension: string, type: string, body: Buffer | string) =>
      reply
        .header('content-type', type)
        .header('content-disposition', attachmentOf(character.name, extension))
        .header('cache-control', 'no-store')
        .send(body);
    if (format === 'json') {
      // The card's image is not in a JSON card: its icon is the app's default.
      const card = cardV3Of(character, { uri: 'ccdefault:', ext: 'png' });
      return download('json', 'application/json; charset=utf-8', JSON.stringify(card));
    }
    const png = await portraitPng(avatar, character.avatarColor);
    if (format === 'charx') {
      const path = 'assets/icon/image/main.png';
      const card = cardV3Of(character, { uri: `embeded://${path}`, ext: 'png' });
      return download('charx', 'application/zip', charxOf(card, png, path));
    }
    const card = cardV3Of(character, { uri: 'ccdefault:', ext: 'png' });
    return download('png', 'image/png', pngWithCard(png, card));
  });
}

/**
 * The Content-Disposition of a card named after its character: letters and digits of any script
 * (as UTF-8 `filename*`), with an ASCII `filename` beside it for old clients; never empty.
 */
function attachmentOf(name: string, extension: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  const ascii = words.normalize('NFKD').replace(/[^A-Za-z0-9-]/g, '') || 'character';
  const utf8 = encodeURIComponent(`${words || 'character'}.${extension}`);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${utf8}`;
}
