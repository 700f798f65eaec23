import type { SessionUser } from '../../../shared/auth/contract';
import type { Brand } from '../../../shared/site/contract';
import { requireAdmin } from '../../http/staff';
import {
  forgetPendingFiles,
  processAvatarImage,
  recordFileRemovals,
  removeRecordedFiles,
  storeFileBeforeRow,
} from '../avatars';
import { changeBrand, type SiteContext } from './site.service';
import { siteState, type BrandImageKind, type StoredImage } from './site-settings';

/** A logo or favicon is at most this big (413 past it). */
export const BRAND_IMAGE_MAX_BYTES = 1024 * 1024;
export const BRAND_IMAGE_TOO_BIG = 'The image must be smaller than 1 MB.';
/** A versioned address (`?v=` the upload's time) never changes what it shows: cached a year. */
export const VERSIONED_CACHE = 'public, max-age=31536000, immutable';

/**
 * Stores an uploaded logo or favicon (admins). The image goes through the avatars' cleaning: its
 * real type read from its bytes (PNG, JPEG or WebP: never SVG, which can carry script), decoded
 * under a pixel limit, scaled down and re-encoded without metadata. It is stored under a random
 * key of its own (`brand-<kind>-…`); the one it replaces is recorded for removal with the change,
 * as avatars' files are (decision 0043), and removed once it is saved.
 */
export async function uploadBrandImage(
  ctx: SiteContext,
  user: SessionUser,
  kind: BrandImageKind,
  bytes: Buffer,
): Promise<Brand> {
  requireAdmin(user);
  const image = await processAvatarImage(bytes);
  const key = `brand-${kind}-${image.fileName}`;
  // Not saved (the change failed): the new file is removed at once.
  const { brand, result: replaced } = await storeFileBeforeRow(
    ctx,
    { key, data: image.data, contentType: image.contentType },
    () =>
      changeBrand(ctx, user, async (current, tx) => {
        await forgetPendingFiles(tx, [key]);
        const old = current[kind];
        if (old) await recordFileRemovals(tx, [old.key]);
        // A version that always grows, even for two uploads in the same millisecond.
        const at = Math.max(Date.now(), (old?.at ?? 0) + 1);
        const stored: StoredImage = { key, contentType: image.contentType, at };
        return { next: { ...current, [kind]: stored }, result: old ? [old.key] : [] };
      }),
  );
  await removeRecordedFiles(ctx, replaced);
  return brand;
}

/** Takes the logo or favicon down (admins): the built-in one shows again. */
export async function removeBrandImage(
  ctx: SiteContext,
  user: SessionUser,
  kind: BrandImageKind,
): Promise<Brand> {
  requireAdmin(user);
  const { brand, result: removed } = await changeBrand(ctx, user, async (current, tx) => {
    const old = current[kind];
    if (old) await recordFileRemovals(tx, [old.key]);
    return { next: { ...current, [kind]: null }, result: old ? [old.key] : [] };
  });
  await removeRecordedFiles(ctx, removed);
  return brand;
}

/**
 * The image to serve, with its type and caching: a year for the current version's address,
 * otherwise revalidated each time (an old or bare address shows whatever is current). Null when
 * there is none.
 */
export async function brandImageFile(
  ctx: SiteContext,
  kind: BrandImageKind,
  version: unknown,
): Promise<{ data: Buffer; contentType: string; cacheControl: string } | null> {
  const image = (await siteState(ctx.db)).stored[kind];
  if (!image) return null;
  const data = await ctx.avatarStorage.get(image.key);
  if (!data) return null;
  const current = typeof version === 'string' && version === String(image.at);
  return {
    data,
    contentType: image.contentType,
    cacheControl: current ? VERSIONED_CACHE : 'no-cache',
  };
}
