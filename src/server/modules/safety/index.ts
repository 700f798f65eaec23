import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './safety.repo';
import { registerSafetyRoutes } from './safety.routes';

/** The safety module's face: what the rest of the server may use of it. */
export { reviewCharacterAge, type CharacterDefinition } from './age-review';
export { type ScreenMode } from './message-screen';
export { isHarmfulReply, type ReplyGuard } from './reply-guard';
export { chatNotPaused, recentCrisisJson } from './safety.repo';
export {
  noticesForReply,
  noticesForWithheldReply,
  replyCare,
  requireChatAllowed,
  screenForCrisis,
  screenUserMessage,
  withheldReplyText,
} from './safety.service';

export const safetyModule: FeatureModule = {
  routes: registerSafetyRoutes,
  userData: { exportForUser, deleteAllForUser },
};
