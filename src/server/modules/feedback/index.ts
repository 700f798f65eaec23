import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './feedback.repo';
import { registerFeedbackRoutes } from './feedback.routes';

/** The feedback module's face. */
export const feedbackModule: FeatureModule = {
  routes: registerFeedbackRoutes,
  userData: { exportForUser, deleteAllForUser },
};
