import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './contact.repo';
import { registerContactRoutes } from './contact.routes';

/** The contact module's face. */
export const contactModule: FeatureModule = {
  routes: registerContactRoutes,
  userData: { exportForUser, deleteAllForUser },
};
