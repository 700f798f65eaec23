import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './themes.repo';
import { registerThemeRoutes } from './themes.routes';

/** The themes module's face. */
export const themesModule: FeatureModule = {
  routes: registerThemeRoutes,
  userData: { exportForUser, deleteAllForUser },
};
