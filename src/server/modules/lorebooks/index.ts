import type { FeatureModule } from '../../context';
import { registerLorebookRoutes } from './lorebooks.routes';

/**
 * The lorebooks module's face (issue 47 part 3): a character's lorebook, read, replaced and
 * imported. Its rows are the characters' (the `lorebook` column), so the characters module's
 * export and deletion carry them.
 */
export const lorebooksModule: FeatureModule = {
  routes: registerLorebookRoutes,
};
