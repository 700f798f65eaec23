import type { ModelChoice } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { badRequest, serviceUnavailable } from '../../errors';
import { LLM_NOT_CONFIGURED, UNKNOWN_MODEL } from '../../integrations/llm';
import { isStaff } from '../../http/staff';
import type { ConversationRow } from './conversations.repo';

/**
 * The one model policy: which model a call uses and who may choose one. The gateway also refuses
 * models outside LLM_MODELS, as a last line; the decisions are made here.
 */

/**
 * The model a conversation uses: one the client asked for must be in the allow-list (400
 * otherwise); else the conversation's own if still allowed; else the default.
 */
export function resolveModel(
  ctx: AppContext,
  requested: string | undefined,
  stored: string | null,
): string | null {
  if (requested) {
    if (!ctx.llm.configured) throw serviceUnavailable(LLM_NOT_CONFIGURED);
    if (!ctx.llm.isAllowedModel(requested)) throw badRequest(UNKNOWN_MODEL);
    return requested;
  }
  if (stored && ctx.llm.isAllowedModel(stored)) return stored;
  return ctx.llm.defaultModel ?? null;
}

/** The model for a conversation's story and summary calls: its own while allowed, else the default. */
export const modelOf = (ctx: AppContext, conversation: ConversationRow) =>
  resolveModel(ctx, undefined, conversation.model) ?? undefined;

/**
 * Whether replies can be made at all (a model is configured), and the hidden model picker:
 * staff (who may pick a model per conversation) get the allow-list; others nothing.
 */
export function modelChoiceFor(
  ctx: AppContext,
  user: { email: string; emailVerified: boolean },
): ModelChoice {
  const staff = isStaff(ctx, user);
  const available = ctx.llm.configured;
  if (!staff) return { available, staff, canChoose: false, models: [], defaultModel: null };
  return {
    available,
    staff,
    canChoose: ctx.llm.models.length > 1,
    models: [...ctx.llm.models],
    defaultModel: ctx.llm.defaultModel ?? null,
  };
}
