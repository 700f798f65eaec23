import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './push.repo';
import { registerPushNotification } from './push-notification.job';
import { registerPushRoutes } from './push.routes';

/**
 * The push module's face (issue 52 part 2): Web Push subscriptions, notification settings, and
 * the pushes other modules ask for (a finished reply, a check-in, a skipped check-in).
 */
export const pushModule: FeatureModule = {
  routes: registerPushRoutes,
  jobs: [registerPushNotification],
  userData: { exportForUser, deleteAllForUser },
};

export { queuePush, queueReplyPush } from './notify.service';
export { claimNoCreditsNotice, unreadConversations } from './push.repo';
