import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './billing.repo';
import { registerBillingReconcile } from './billing-reconcile.job';
import { registerBillingRoutes } from './billing.routes';

/** The billing module's face: what the rest of the server may use of it. */
export { purgeProcessedEvents } from './billing.repo';
export { cancelBillingForDeletion, planForPrice } from './billing.service';

export const billingModule: FeatureModule = {
  routes: registerBillingRoutes,
  jobs: [registerBillingReconcile],
  userData: { exportForUser, deleteAllForUser },
};
