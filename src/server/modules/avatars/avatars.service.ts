import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { insertAvatar, isAvatarOwnedBy, releaseAvatarRecord, UNKNOWN_AVATAR } from './avatars.repo';
import { processAvatarImage } from './image-processing';

export interface StoredAvatar {
  fileName: string;
  url: string;
}

/** Cleans an untrusted image, stores it under a random name and records who owns it. */
export async function storeAvatar(
  ctx: AppContext,
  userId: string,
  bytes: Buffer,
): Promise<StoredAvatar> {
  const image = await processAvatarImage(bytes);
  await ctx.avatarStorage.put(image.fileName, image.data, image.contentType);
  await insertAvatar(ctx.db, userId, {
    fileName: image.fileName,
    contentType: image.contentType,
    byteSize: image.data.length,
  });
  return { fileName: image.fileName, url: ctx.avatarStorage.publicUrl(image.fileName) };
}

export async function assertAvatarOwned(ctx: AppContext, userId: string, fileName: string) {
  if (!(await isAvatarOwnedBy(ctx.db, userId, fileName))) {
    throw new HttpError(400, UNKNOWN_AVATAR);
  }
}

/**
 * Removes an avatar a character no longer shows, unless one of the user's characters still uses
 * it (checked after the change is committed). Storage failures are logged, never surfaced: the
 * character change already happened.
 */
export async function releaseAvatar(ctx: AppContext, userId: string, fileName: string) {
  try {
    if (await releaseAvatarRecord(ctx.db, userId, fileName)) {
      await ctx.avatarStorage.delete(fileName);
    }
  } catch (err) {
    ctx.log.warn({ err, fileName }, 'could not delete a replaced avatar');
  }
}

export function avatarUrl(ctx: AppContext, fileName: string | null): string | null {
  return fileName ? ctx.avatarStorage.publicUrl(fileName) : null;
}
