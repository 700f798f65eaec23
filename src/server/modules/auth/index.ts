import type { FeatureModule } from '../../context';
import { registerAuthRoutes } from './auth.routes';
import { registerMailDelivery } from './mail-delivery.job';

/** The auth module's face: what the rest of the server may use of it. */
export { AUTH_BASE_PATH, createAuth, GOOGLE_PROVIDER_ID, type Auth } from './auth';
export { isCurrentPassword } from './current-password';
export { forgetQueuedMailTo, purgeUndeliveredMail } from './queued-mail';
export { createSessionReader } from './session-reader';
export { findUser, signInMethods } from './users.repo';

export const authModule: FeatureModule = {
  routes: registerAuthRoutes,
  jobs: [registerMailDelivery],
};
