import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './unanswered.repo';
import { registerUnansweredRoutes } from './unanswered.routes';

/** The unanswered-messages module's face: messages typed while out of credits (issue 45). */
export const unansweredModule: FeatureModule = {
  routes: registerUnansweredRoutes,
  userData: { exportForUser, deleteAllForUser },
};
