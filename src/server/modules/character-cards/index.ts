import type { FeatureModule } from '../../context';
import { registerCharacterCardRoutes } from './character-cards.routes';

/**
 * The character-cards module's face (issue 47): reading a card into a draft. It keeps no rows of
 * its own: the card's image is stored through the avatars module.
 */
export { readCard, readCardDraft } from './card-read';
export { CardError } from './card-limits';
export { normaliseLorebook } from './lorebook';

export const characterCardsModule: FeatureModule = {
  routes: registerCharacterCardRoutes,
};
