import type { StoredAvatar } from '../../../shared/avatars/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import {
  deleteUnusedAvatars,
  findUnusedAvatars,
  insertAvatar,
  isAvatarOwnedBy,
  releaseAvatarRecord,
  UNKNOWN_AVATAR,
} from './avatars.repo';
import { processAvatarImage } from './image-processing';

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

/**
 * An uploaded or generated avatar no character shows is deleted after this long: the user may
 * still be filling in the form it was made for.
 */
export const UNUSED_AVATAR_GRACE_MS = 24 * 60 * 60_000;
/** Avatars looked at per query, and how many such batches one sweep goes through at most. */
const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 50;

export type AvatarSweepContext = Pick<AppContext, 'db' | 'log' | 'avatarStorage'>;

/**
 * Deletes the rows, then the files, of avatars no character shows that are older than
 * UNUSED_AVATAR_GRACE_MS; returns how many. Safe with several servers sweeping at once (a row is
 * deleted by one of them only, and only that one removes its file). A file already missing is
 * fine; one that cannot be removed is logged and left in storage.
 */
export async function sweepUnusedAvatars(ctx: AvatarSweepContext): Promise<number> {
  let removed = 0;
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
    const candidates = await findUnusedAvatars(ctx.db, UNUSED_AVATAR_GRACE_MS, SWEEP_BATCH);
    const byUser = new Map<string, string[]>();
    for (const { userId, fileName } of candidates) {
      byUser.set(userId, [...(byUser.get(userId) ?? []), fileName]);
    }
    for (const [userId, fileNames] of byUser) {
      const deleted = await deleteUnusedAvatars(ctx.db, userId, fileNames, UNUSED_AVATAR_GRACE_MS);
      for (const fileName of deleted) {
        try {
          await ctx.avatarStorage.delete(fileName);
        } catch (err) {
          ctx.log.warn({ err, fileName }, 'could not delete the file of an unused avatar');
        }
      }
      removed += deleted.length;
    }
    if (candidates.length < SWEEP_BATCH) break;
  }
  if (removed > 0) ctx.log.info({ removed }, 'deleted avatars no character used for a day');
  return removed;
}
