import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './profile.repo';
import { registerProfileRoutes } from './profile.routes';

/** The profile module's face: what the rest of the server may use of it. */
export { findProfile, profileJson } from './profile.repo';

export const profileModule: FeatureModule = {
  routes: registerProfileRoutes,
  userData: { exportForUser, deleteAllForUser },
};
