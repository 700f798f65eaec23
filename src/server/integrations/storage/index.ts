import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export type { FileStorage } from './storage';
export { PUBLIC_FILE_CACHE_SECONDS } from './storage';

/** Where the app serves locally stored avatars. */
export const LOCAL_AVATAR_URL_PREFIX = '/avatars';

export function createAvatarStorage(config: Config): FileStorage {
  if (config.s3) return createS3Storage(config.s3, 'avatars');
  return createLocalStorage(path.join(config.dataDir, 'avatars'), LOCAL_AVATAR_URL_PREFIX);
}
