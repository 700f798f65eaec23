import type { FeatureModule } from '../../context';
import { registerChargeSweep } from './charge-sweep.job';
import { deleteAllForUser, exportForUser } from './credits.repo';
import { registerCreditRoutes } from './credits.routes';

/** The credits module's face: what the rest of the server may use of it. */
export {
  settleChargeStatement,
  storedChargeSteps,
  takeCreditSteps,
  type PlanTarget,
} from './credits.repo';
export { type GrantRequest } from './credit-grants.repo';
export {
  applyPlan,
  CHARGE_DAYS_SHOWN,
  creditsOverview,
  getCredits,
  grantCredits,
  refundCharge,
  settleCharge,
  STALE_CHARGE_MS,
  takeCredit,
} from './credits.service';

export const creditsModule: FeatureModule = {
  routes: registerCreditRoutes,
  jobs: [registerChargeSweep],
  userData: { exportForUser, deleteAllForUser },
};
