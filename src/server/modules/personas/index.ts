import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './personas.repo';
import { registerPersonaRoutes } from './personas.routes';

/** The personas module's face: what the rest of the server may use of it (issue 47 part 5). */
export { personaJson } from './personas.repo';
export { assertPersonaOwned, userNameIn } from './personas.service';

export const personasModule: FeatureModule = {
  routes: registerPersonaRoutes,
  userData: { exportForUser, deleteAllForUser },
};
