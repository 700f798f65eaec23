import type { FeatureModule } from '../../context';
import { registerModelRoutes } from './models.routes';

/**
 * The models module's face (issue 48 part 4): which configured models are offered, their labels,
 * the default, a reply's price in credits and the provider's token prices, kept in the database
 * and read by every server through its catalogue (refreshed every few seconds).
 */
export { catalogueOf, creditsPerReply, offersOf, type Offerings } from './catalogue';

export const modelsModule: FeatureModule = {
  routes: registerModelRoutes,
};
