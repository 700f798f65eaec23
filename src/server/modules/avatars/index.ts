import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './avatars.repo';
import { registerAvatarRoutes } from './avatars.routes';
import { registerAvatarSweep } from './avatar-sweep.job';
import { registerFileRemoval } from './file-removal.job';

/** The avatars module's face: what the rest of the server may use of it. */
export {
  avatarFilesOf,
  lockUserAvatars,
  ownsAvatar,
  releaseUnusedAvatar,
  UNKNOWN_AVATAR,
} from './avatars.repo';
export { assertAvatarOwned, avatarUrl, storeAvatar } from './avatars.service';
export {
  forgetPendingFiles,
  forgetPendingFilesStep,
  pendingFileAbandoned,
  recordFileRemovals,
} from './file-removal.repo';
export { removeRecordedFiles, storeFileBeforeRow } from './file-removal.service';
export { processAvatarImage } from './image-processing';

export const avatarsModule: FeatureModule = {
  routes: registerAvatarRoutes,
  jobs: [registerAvatarSweep, registerFileRemoval],
  userData: { exportForUser, deleteAllForUser },
};
