import type { Logger } from 'pino';
import { LLM_SETUP_EXAMPLE } from '../shared/chat/rules';
import { STRIPE_SETTINGS, type Config } from './config';
import { minimumContextTokens } from './prompts/chat.prompt';

/**
 * Tells a new operator, once at start-up, which optional features are off and what turns them
 * on, and a setting that does nothing here. A missing language model is the one a first run always
 * hits: chat cannot reply without it.
 */
export function logMissingSettings(config: Config, log: Pick<Logger, 'warn' | 'info'>) {
  if (!config.llm) {
    log.warn(
      'No language model is configured: chat replies, stories and AI character generation are ' +
        `off. Set LLM_BASE_URL and LLM_MODELS, e.g. for Ollama: ${LLM_SETUP_EXAMPLE}`,
    );
  }
  if (config.databasePoolSize !== undefined && !config.databaseUrl) {
    // A setting that does nothing is a setting an operator believes in (decision 0073).
    log.warn(
      'DATABASE_POOL_SIZE changes nothing without DATABASE_URL: the embedded database is one ' +
        'connection.',
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

/**
 * What stops the start when LLM_CONTEXT_TOKENS cannot hold a character's prompt and a reply
 * (issue 46): one line naming the setting, what it is and what it needs; null when it can.
 */
export function contextWindowProblem(config: Config): string | null {
  if (!config.llm) return null;
  const needed = minimumContextTokens();
  if (config.llm.contextTokens >= needed) return null;
  return (
    `LLM_CONTEXT_TOKENS is ${config.llm.contextTokens}: at least ${needed} are needed to hold a ` +
    "character's prompt and a reply. Set it to the model's context length (with Ollama, set the " +
    'model’s num_ctx to match).'
  );
}
