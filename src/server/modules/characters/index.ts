import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './characters.repo';
import { registerCharacterRoutes } from './characters.routes';

/** The characters module's face: what the rest of the server may use of it. */
export { findCharacter, type CharacterRow } from './characters.repo';

export const charactersModule: FeatureModule = {
  routes: registerCharacterRoutes,
  userData: { exportForUser, deleteAllForUser },
};
