import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAccountRoutes } from './account/account.routes';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerAvatarRoutes } from './avatars/avatars.routes';
import { registerCharacterRoutes } from './characters/characters.routes';
import { registerChatRoutes } from './chat/chat.routes';
import { registerConversationRoutes } from './chat/conversations.routes';
import { registerCreditRoutes } from './credits/credits.routes';
import { registerFeedbackRoutes } from './feedback/feedback.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerContactRoutes } from './contact/contact.routes';
import { registerMemoryRoutes } from './memories/memories.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerProfileRoutes } from './profile/profile.routes';
import { registerSafetyRoutes } from './safety/safety.routes';
import { registerThemeRoutes } from './themes/themes.routes';

/** Each feature module adds its own routes; this list is the only place that names them all. */
export const featureModules: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerProfileRoutes,
  registerContactRoutes,
  registerBillingRoutes,
  registerAvatarRoutes,
  registerCharacterRoutes,
  registerCreditRoutes,
  registerConversationRoutes,
  registerChatRoutes,
  registerFeedbackRoutes,
  registerThemeRoutes,
  registerMemoryRoutes,
  registerAccountRoutes,
  registerSafetyRoutes,
];
