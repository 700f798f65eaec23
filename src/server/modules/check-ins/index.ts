import type { FeatureModule } from '../../context';
import { registerCheckIns } from './check-ins.job';
import { deleteAllForUser, exportForUser } from './check-ins.repo';
import { registerCheckInRoutes } from './check-ins.routes';

/** The check-ins module's face (issue 52 part 3): characters who write first. */
export const checkInsModule: FeatureModule = {
  routes: registerCheckInRoutes,
  jobs: [registerCheckIns],
  userData: { exportForUser, deleteAllForUser },
};

export { runDueCheckIns } from './check-ins.service';
