import type { FeatureModule } from '../../context';
import type { UserData } from '../../db/user-data';
import { deleteAllForUser, exportForUser } from './account.repo';
import { registerAccountRoutes } from './account.routes';
import { registerRetentionPurge } from './retention-purge.job';

/**
 * The account module's face. 'Download my data' and 'Delete my account' cover every feature's
 * rows: modules/index.ts hands over each module's part (`userData`, in the export's order), so
 * this module names no other feature for them. Its own part (the user and sign-in records) comes
 * first in the export and so goes last in the deletion.
 */
export function accountModule(features: readonly UserData[]): FeatureModule {
  const userData = [{ exportForUser, deleteAllForUser }, ...features];
  return {
    routes: (app, ctx) => registerAccountRoutes(app, ctx, userData),
    jobs: [registerRetentionPurge],
  };
}
