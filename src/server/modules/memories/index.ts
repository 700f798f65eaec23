import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './memories.repo';
import { registerMemoryRoutes } from './memories.routes';

/** The memories module's face: what the rest of the server may use of it. */
export {
  forgetConversations,
  forgetRemovedMessage,
  hasConversationSummary,
  promptMemoriesJson,
  readPromptMemories,
  storeSummary,
} from './memories.repo';

export const memoriesModule: FeatureModule = {
  routes: registerMemoryRoutes,
  userData: { exportForUser, deleteAllForUser },
};
