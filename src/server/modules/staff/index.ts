import type { FeatureModule } from '../../context';
import { registerStaffRoutes } from './staff.routes';

/** The staff module's face (decision 0055): the console's routes (the audit log for now). */
export const staffModule: FeatureModule = {
  routes: registerStaffRoutes,
};

export { listStaff, setRoleByEmail, type RoleChange } from './staff-roles.service';
