import type { FeatureModule } from '../../context';
import { registerVoiceRoutes } from './voice.routes';

/** The voice module's face (issue 50): it keeps nothing of the user's, so it has no user data. */
export const voiceModule: FeatureModule = { routes: registerVoiceRoutes };
