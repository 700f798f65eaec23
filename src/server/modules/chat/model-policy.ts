import type { ModelChoice } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { badRequest, serviceUnavailable } from '../../errors';
import { LLM_NOT_CONFIGURED, UNKNOWN_MODEL } from '../../integrations/llm';
import { isStaff } from '../../http/staff';
import { catalogueOf, creditsPerReply, offersOf } from '../models';
import type { ConversationRow } from './conversations.repo';

/**
 * The one model policy: which model a call uses, who may choose one, and what a reply on it
 * costs. The models offered are the staff console's (modules/models, issue 48 part 4: read by
 * `offeredModels`, at most a few seconds old); the gateway also refuses models outside
 * LLM_MODELS, as a last line.
 */

/** The offerings, read again when a few seconds old: call before the synchronous checks below. */
export const offeredModels = (ctx: AppContext) => catalogueOf(ctx).fresh();

/**
 * The model a conversation uses: one the client asked for must be offered (400 otherwise); else
 * the conversation's own if still offered; else the default.
 */
export function resolveModel(
  ctx: AppContext,
  requested: string | undefined,
  stored: string | null,
): string | null {
  const offerings = catalogueOf(ctx).current();
  const offered = (model: string) =>
    ctx.llm.isAllowedModel(model) && offerings.offered.some((m) => m.model === model);
  if (requested) {
    if (!ctx.llm.configured) throw serviceUnavailable(LLM_NOT_CONFIGURED);
    if (!offered(requested)) throw badRequest(UNKNOWN_MODEL);
    return requested;
  }
  if (stored && offered(stored)) return stored;
  return offerings.defaultModel;
}

/** The model for a conversation's story and summary calls: its own while offered, else the default. */
export const modelOf = (ctx: AppContext, conversation: ConversationRow) =>
  resolveModel(ctx, undefined, conversation.model) ?? undefined;

/** The credits a reply with `model` costs (null: the default model's). */
export const replyCredits = (ctx: AppContext, model: string | null) =>
  creditsPerReply(catalogueOf(ctx).current(), model);

/**
 * Whether replies can be made at all (a model is configured), and the models offered with their
 * labels and price: everyone may choose when more than one is offered. Staff also learn, when
 * none is configured, what to set.
 */
export async function modelChoiceFor(
  ctx: AppContext,
  user: { emailVerified: boolean; role?: string },
): Promise<ModelChoice> {
  const offerings = await offeredModels(ctx);
  const offers = ctx.llm.configured ? offersOf(offerings) : [];
  return {
    available: ctx.llm.configured,
    staff: isStaff(ctx, user),
    canChoose: offers.length > 1,
    models: offers.map((o) => o.model),
    offers,
    defaultModel: ctx.llm.configured ? offerings.defaultModel : null,
  };
}
