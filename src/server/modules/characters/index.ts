import type { FeatureModule } from '../../context';
import { deleteAllForUser, exportForUser } from './characters.repo';
import { registerCharacterRoutes } from './characters.routes';
import { registerStarterRoutes } from './starters/starters.routes';

/** The characters module's face: what the rest of the server may use of it. */
export { findCharacter, findCharacters, type CharacterRow } from './characters.repo';
export { cardPromptFields, type CardPromptFields } from './card-fields';

export const charactersModule: FeatureModule = {
  routes: async (app, ctx) => {
    await registerCharacterRoutes(app, ctx);
    // The ready-made characters a user adopts as their own (issue 45).
    await registerStarterRoutes(app, ctx);
  },
  userData: { exportForUser, deleteAllForUser },
};
