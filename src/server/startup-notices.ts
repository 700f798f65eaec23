import type { Logger } from 'pino';
import { LLM_SETUP_EXAMPLE } from '../shared/chat/rules';
import { STRIPE_SETTINGS, type Config } from './config';

/**
 * Tells a new operator, once at start-up, which optional features are off and what turns them
 * on. A missing language model is the one a first run always hits: chat cannot reply without it.
 */
export function logMissingSettings(config: Config, log: Pick<Logger, 'warn' | 'info'>) {
  if (!config.llm) {
    log.warn(
      'No language model is configured: chat replies, stories and AI character generation are ' +
        `off. Set LLM_BASE_URL and LLM_MODELS, e.g. for Ollama: ${LLM_SETUP_EXAMPLE}`,
    );
  }
  const missing = config.missingStripeSettings;
  if (missing.length > 0 && missing.length < STRIPE_SETTINGS.length) {
    // Some settings but not all: almost certainly a mistake, so it is spelled out.
    log.warn(`Billing is off until every Stripe setting is set; missing: ${missing.join(', ')}`);
  } else if (missing.length > 0) {
    log.info(`Billing is off: set ${STRIPE_SETTINGS.join(', ')} to sell the paid plans.`);
  }
}
