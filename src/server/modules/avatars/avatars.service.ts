import type { StoredAvatar } from '../../../shared/avatars/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import {
  deleteUnusedAvatars,
  findUnusedAvatars,
  insertAvatar,
  isAvatarOwnedBy,
  UNKNOWN_AVATAR,
} from './avatars.repo';
import { removeRecordedFiles, storeFileBeforeRow } from './file-removal.service';
import { processAvatarImage } from './image-processing';

/** Cleans an untrusted image, stores it under a random name and records who owns it. */
export async function storeAvatar(
  ctx: AppContext,
  userId: string,
  bytes: Buffer,
): Promise<StoredAvatar> {
  const image = await processAvatarImage(bytes);
  // A failed insert (the account deleted meanwhile, or the database failing) removes the file:
  // its name was never handed out.
  await storeFileBeforeRow(
    ctx,
    { key: image.fileName, data: image.data, contentType: image.contentType },
    () =>
      insertAvatar(ctx.db, userId, {
        fileName: image.fileName,
        contentType: image.contentType,
        byteSize: image.data.length,
      }),
  );
  return { fileName: image.fileName, url: ctx.avatarStorage.publicUrl(image.fileName) };
}

export async function assertAvatarOwned(ctx: AppContext, userId: string, fileName: string) {
  if (!(await isAvatarOwnedBy(ctx.db, userId, fileName))) {
    throw new HttpError(400, UNKNOWN_AVATAR);
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
 * fine; each file is recorded for removal with its row's deletion, so one that cannot be removed
 * now (or a crash before it) is left to the file-removal job (decision 0043).
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
      await removeRecordedFiles(ctx, deleted);
      removed += deleted.length;
    }
    if (candidates.length < SWEEP_BATCH) break;
  }
  if (removed > 0) ctx.log.info({ removed }, 'deleted avatars no character used for a day');
  return removed;
}
