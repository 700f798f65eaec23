import type { FeatureModule } from '../../context';
import { registerHealthRoutes } from './health.routes';

/** The health module's face. */
export const healthModule: FeatureModule = { routes: registerHealthRoutes };
