import type { FeatureModule } from '../context';
import { accountModule } from './account';
import { authModule } from './auth';
import { avatarsModule } from './avatars';
import { billingModule } from './billing';
import { characterCardsModule } from './character-cards';
import { charactersModule } from './characters';
import { chatModule } from './chat';
import { contactModule } from './contact';
import { creditsModule } from './credits';
import { feedbackModule } from './feedback';
import { healthModule } from './health';
import { lorebooksModule } from './lorebooks';
import { memoriesModule } from './memories';
import { modelsModule } from './models';
import { moderationModule } from './moderation';
import { personasModule } from './personas';
import { profileModule } from './profile';
import { pushModule } from './push';
import { checkInsModule } from './check-ins';
import { safetyModule } from './safety';
import { siteModule } from './site';
import { staffModule } from './staff';
import { themesModule } from './themes';
import { unansweredModule } from './unanswered';
import { voiceModule } from './voice';

/**
 * The account's export holds each feature's data in this order (after the account's own part),
 * and its deletion removes it in the reverse one (decision 0025). A feature with rows of its own
 * offers `userData` in its face and is named here.
 */
const userData = [
  profileModule,
  personasModule,
  charactersModule,
  avatarsModule,
  memoriesModule,
  chatModule,
  unansweredModule,
  checkInsModule,
  pushModule,
  safetyModule,
  feedbackModule,
  moderationModule,
  themesModule,
  creditsModule,
  billingModule,
  contactModule,
].flatMap((feature) => (feature.userData ? [feature.userData] : []));

/**
 * Every feature module, through its face (modules/<name>/index.ts): app.ts adds their routes in
 * this order and registers their jobs. This list is the only place that names them all.
 */
export const featureModules: readonly FeatureModule[] = [
  healthModule,
  authModule,
  profileModule,
  personasModule,
  contactModule,
  billingModule,
  avatarsModule,
  charactersModule,
  characterCardsModule,
  lorebooksModule,
  creditsModule,
  modelsModule,
  chatModule,
  unansweredModule,
  pushModule,
  checkInsModule,
  voiceModule,
  feedbackModule,
  themesModule,
  memoriesModule,
  accountModule(userData),
  safetyModule,
  staffModule,
  moderationModule,
  siteModule,
];
