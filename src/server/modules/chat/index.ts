import type { FastifyInstance } from 'fastify';
import type { AppContext, FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './chat.repo';
import { registerChatRoutes } from './chat.routes';
import { registerConversationSummary } from './conversation-summary.job';
import { registerRollingSummary } from './rolling-summary.job';
import { registerConversationRoutes } from './conversations.routes';
import { registerReplyRunSweep } from './reply-run-sweep.job';
import { registerPictureRoutes } from './picture.routes';

/** The chat module's face: what the rest of the server may use of it. */
export { findRatedPair } from './messages.repo';
export { pictureFilesOf, PICTURES_FOLDER } from './chat.repo';
export {
  countConversations,
  messageTreeOf,
  messagesByIds,
  TRANSCRIPT_PAGE,
  transcriptConversations,
  type TranscriptConversation,
  type TranscriptMessage,
  type TreeNode,
} from './transcript.repo';

export const chatModule: FeatureModule = {
  async routes(app: FastifyInstance, ctx: AppContext) {
    await registerConversationRoutes(app, ctx);
    await registerChatRoutes(app, ctx);
    await registerPictureRoutes(app, ctx);
  },
  jobs: [registerConversationSummary, registerRollingSummary, registerReplyRunSweep],
  userData: { exportForUser, deleteAllForUser },
};

export { openStreamCount } from './event-writer';
export { shownContent } from './thread-read.repo';
export { followModeratedMessage } from './moderated-message.repo';
export { CHECK_IN_CREDITS, writeCheckIn, type CheckInWritten } from './check-in.service';
