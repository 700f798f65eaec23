import type { FeatureModule } from '../../context';
import { registerStaffRoutes } from './staff.routes';
import { registerUsageRoutes } from './usage.routes';

/** The console's routes, one registration per page's file. */
const registrations = [registerStaffRoutes, registerUsageRoutes];

/** The staff module's face (decision 0055): the console's routes. */
export const staffModule: FeatureModule = {
  async routes(app, ctx) {
    for (const register of registrations) await register(app, ctx);
  },
};

export { listStaff, setRoleByEmail, type RoleChange } from './staff-roles.service';
export { setSuspension } from './users.service';
